/** Link and stock health (issue 13): pure classes, classifier, state rules and the admin API contract. */
export * from './classes.ts';
export * from './classify.ts';
export * from './state.ts';
export * from './api.ts';

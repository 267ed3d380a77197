/** Placeholder until this manager is built (issue 10); replaced by its own module. */
export { default } from '../ComingSoon.tsx';

/**
 * The link checker's classes (issue 13, point 1) and their order for "worst first". `blocked` and `error` are
 * 'could not check': the retailer refused a robot or the network failed, which says nothing about the product.
 */
export const linkHealthClasses = ['ok', 'redirected', 'tag-lost', 'not-found', 'soft-not-found', 'out-of-stock', 'blocked', 'error'] as const;
export type LinkHealthClass = (typeof linkHealthClasses)[number];

/** Higher is worse. A dead page loses every click; a stripped tag loses the commission; stock loses the sale for now. */
export const classSeverity: Readonly<Record<LinkHealthClass, number>> = {
  'not-found': 7,
  'soft-not-found': 6,
  'tag-lost': 5,
  'out-of-stock': 4,
  error: 3,
  blocked: 2,
  redirected: 1,
  ok: 0,
};

/** The labels the admin panel shows for each class. */
export const classLabels: Readonly<Record<LinkHealthClass, string>> = {
  ok: 'OK',
  redirected: 'Redirected',
  'tag-lost': 'Tag lost',
  'not-found': 'Not found',
  'soft-not-found': 'Soft not found',
  'out-of-stock': 'Out of stock',
  blocked: 'Could not check (blocked)',
  error: 'Could not check (error)',
};

/** Classes that never mean "broken": the check itself did not get an answer about the product. */
export function isCouldNotCheck(kind: LinkHealthClass): boolean {
  return kind === 'blocked' || kind === 'error';
}

/** Sorts worst first, then by product id so pages are stable. */
export function compareWorstFirst(a: { lastClass: LinkHealthClass; productId: number }, b: { lastClass: LinkHealthClass; productId: number }): number {
  return classSeverity[b.lastClass] - classSeverity[a.lastClass] || a.productId - b.productId;
}

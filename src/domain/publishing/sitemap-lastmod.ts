/**
 * The sitemap's `lastmod` for every URL, from the data alone (never the build's clock), so a partial build writes the
 * same sitemap as a full build. The rule:
 * - a product page: the product's updatedAt;
 * - a post: the post's updatedAt;
 * - an author page: the latest of the author's updatedAt and the updatedAt of their published posts and of the
 *   products whose review names them (the page lists both);
 * - every other page (home, listings, the blog index, guides, static pages): the latest date of all the above, as
 *   each of them lists or links to the newest content. A site without data gives no lastmod.
 */
export interface LastmodData {
  products: ReadonlyArray<{ slug: string; updatedAt: Date; reviewerId: number | null }>;
  posts: ReadonlyArray<{ slug: string; updatedAt: Date; bylineAuthorId: number | null }>;
  authors: ReadonlyArray<{ id: number; slug: string; updatedAt: Date }>;
}

export type LastmodOf = (pathname: string) => string | undefined;

export function sitemapLastmod(data: LastmodData): LastmodOf {
  const byPath = new Map<string, number>();
  let newest = 0;
  const note = (path: string, time: number) => {
    byPath.set(path, Math.max(byPath.get(path) ?? 0, time));
    newest = Math.max(newest, time);
  };
  const authorPaths = new Map(data.authors.map((author) => [author.id, `/authors/${author.slug}`]));
  for (const author of data.authors) note(`/authors/${author.slug}`, author.updatedAt.getTime());
  for (const product of data.products) {
    note(`/product/${product.slug}`, product.updatedAt.getTime());
    const reviewerPath = product.reviewerId === null ? undefined : authorPaths.get(product.reviewerId);
    if (reviewerPath) note(reviewerPath, product.updatedAt.getTime());
  }
  for (const post of data.posts) {
    note(`/blog/${post.slug}`, post.updatedAt.getTime());
    const authorPath = post.bylineAuthorId === null ? undefined : authorPaths.get(post.bylineAuthorId);
    if (authorPath) note(authorPath, post.updatedAt.getTime());
  }
  return (pathname) => {
    const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
    const time = byPath.get(path) ?? newest;
    return time > 0 ? new Date(time).toISOString() : undefined;
  };
}

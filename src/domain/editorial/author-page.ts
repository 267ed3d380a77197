/**
 * What the public side shows of an author: the byline's facts, their page's lists, and the structured data Google
 * reads for bylines and profile pages (a Person with a url; a ProfilePage whose mainEntity is that Person).
 */

/** An author's public page. Here rather than in author.ts, so public pages and scripts import no validation library. */
export function authorPath(slug: string): string {
  return `/authors/${slug}`;
}

export interface PublicAuthor {
  id: number;
  slug: string;
  name: string;
  role: string;
  bio: string;
  photoUrl: string | null;
  areas: string[];
  updatedAt: Date;
}

/** schema.org Person for an author, with their page as url (bylines and their page name the same Person). */
export function authorPersonJsonLd(author: Pick<PublicAuthor, 'slug' | 'name' | 'role' | 'photoUrl'> & { bio?: string; areas?: string[] }, site: URL | string): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: author.name,
    url: new URL(authorPath(author.slug), site).href,
    ...(author.role ? { jobTitle: author.role } : {}),
    ...(author.photoUrl ? { image: new URL(author.photoUrl, site).href } : {}),
    ...(author.bio ? { description: author.bio } : {}),
    ...(author.areas && author.areas.length > 0 ? { knowsAbout: author.areas } : {}),
  };
}

/** schema.org ProfilePage for /authors/{slug}: the Person, and when the page last changed (the lastmod rule's date). */
export function profilePageJsonLd(author: PublicAuthor, site: URL | string, modified: Date): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: new URL(authorPath(author.slug), site).href,
    dateModified: modified.toISOString(),
    mainEntity: authorPersonJsonLd(author, site),
  };
}

/** The posts naming the author, newest first. */
export function postsBy<Post extends { bylineAuthorId: number | null; publishedAt: Date }>(posts: readonly Post[], authorId: number): Post[] {
  return posts.filter((post) => post.bylineAuthorId === authorId).sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}

/**
 * The products whose editorial review names the author as reviewer, by name. Read defensively: a product may have no
 * review (null or absent) or one written by other means, so only a numeric reviewerId counts.
 */
export function productsReviewedBy<Product extends { name: string }>(products: readonly Product[], authorId: number): Product[] {
  return products.filter((product) => reviewerIdOf(product) === authorId).sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

function reviewerIdOf(product: object): number | undefined {
  const review = (product as { review?: unknown }).review;
  if (typeof review !== 'object' || review === null) return undefined;
  const id = (review as { reviewerId?: unknown }).reviewerId;
  return typeof id === 'number' ? id : undefined;
}

/** The latest of the author's own change and their posts' changes: what their page shows changed then. */
export function authorPageModified(author: PublicAuthor, posts: ReadonlyArray<{ updatedAt: Date }>): Date {
  return new Date(Math.max(author.updatedAt.getTime(), ...posts.map((post) => post.updatedAt.getTime())));
}

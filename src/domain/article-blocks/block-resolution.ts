/**
 * What a block shows once its references meet the catalogue at build time. A product that is deleted, a draft or
 * not available is gone: it drops out of a list, a grid or a table (the others close up, and a list ranks again from
 * 1), and a box shows nothing. What went missing is reported so the build can log it and the overview can name it.
 */
import type { BlockKind, ProductBlock } from './block-markup.ts';

export interface ResolvedItem<Product> {
  product: Product;
  /** The list's note for it ('' for none, and for the other kinds). */
  note: string;
  /** 1-based position among the products still shown: a list's rank. */
  rank: number;
}

export interface ResolvedBlock<Product> {
  kind: BlockKind;
  block: ProductBlock;
  items: ResolvedItem<Product>[];
  /** Referenced ids the catalogue no longer shows. */
  missing: number[];
}

/** `lookup` answers a product that may be shown, or undefined for one deleted, a draft or unavailable. */
export function resolveBlock<Product>(block: ProductBlock, lookup: (id: number) => Product | undefined): ResolvedBlock<Product> {
  const items: ResolvedItem<Product>[] = [];
  const missing: number[] = [];
  block.ids.forEach((id, index) => {
    const product = lookup(id);
    if (product === undefined) missing.push(id);
    else items.push({ product, note: block.notes[index] ?? '', rank: items.length + 1 });
  });
  return { kind: block.kind, block, items, missing };
}

/** Whether the block renders at all: a box or a list, grid or table with nothing left shows nothing. */
export function blockShows(resolved: ResolvedBlock<unknown>): boolean {
  return resolved.items.length > 0;
}

export interface ArticleLoss {
  /** The post's or guide's address, e.g. /blog/best-massage-guns. */
  page: string;
  title: string;
  missing: number[];
}

/** Per article, the ids its blocks lost, once each, in the order they appear; articles that lost none are left out. */
export function articleLosses(articles: readonly { page: string; title: string; blocks: readonly ProductBlock[] }[], shown: (id: number) => boolean): ArticleLoss[] {
  const losses: ArticleLoss[] = [];
  for (const article of articles) {
    const missing = [...new Set(article.blocks.flatMap((block) => block.ids))].filter((id) => !shown(id));
    if (missing.length > 0) losses.push({ page: article.page, title: article.title, missing });
  }
  return losses;
}

/** The build log's line for one article. */
export function lossLogLine(loss: ArticleLoss): string {
  return `${loss.page} ("${loss.title}") lost product${loss.missing.length === 1 ? '' : 's'} ${loss.missing.join(', ')} from its product blocks: deleted, a draft or unavailable`;
}

export interface ReviewingPost {
  slug: string;
  title: string;
}

/**
 * The post that reviews a product, for its page's 'Read our review' link: the post that has it in a product box, else
 * the first that features it in any block; between several, the one published first (the original review), then by
 * slug so the answer never depends on the order posts were read in.
 */
export function reviewingPosts(
  posts: readonly { slug: string; title: string; publishedAt: Date; blocks: readonly ProductBlock[] }[],
): Map<number, ReviewingPost> {
  const best = new Map<number, { post: (typeof posts)[number]; boxed: boolean }>();
  const better = (a: { post: (typeof posts)[number]; boxed: boolean }, b: { post: (typeof posts)[number]; boxed: boolean }) =>
    a.boxed !== b.boxed ? a.boxed : a.post.publishedAt.getTime() !== b.post.publishedAt.getTime() ? a.post.publishedAt < b.post.publishedAt : a.post.slug < b.post.slug;
  for (const post of posts) {
    for (const block of post.blocks) {
      for (const id of block.ids) {
        const candidate = { post, boxed: block.kind === 'box' };
        const current = best.get(id);
        if (!current || better(candidate, current)) best.set(id, candidate);
      }
    }
  }
  return new Map([...best].map(([id, { post }]) => [id, { slug: post.slug, title: post.title }]));
}

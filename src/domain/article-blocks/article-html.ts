/**
 * Finding blocks in an article's HTML: a post's sanitized body or a guide's rendered Markdown (where the same element
 * is written by hand). Blocks are empty elements (block-markup.ts), so a pattern over the HTML finds them without a
 * DOM; an element that is not empty, or whose attributes break a rule, is no block and stays as it is (an empty div).
 */
import { decodeHTMLAttribute } from 'entities';
import { parseBlockAttributes, type ProductBlock } from './block-markup.ts';

export type ArticleSegment = { kind: 'html'; html: string } | { kind: 'block'; block: ProductBlock };

const BLOCK_ELEMENT = /<div\s([^>]*\bdata-product-block\s*=[^>]*)>\s*<\/div>/gi;
const ATTRIBUTE = /([a-z][a-z0-9-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attributes)) attributes[name] = decodeHTMLAttribute(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

/** The article as HTML runs and blocks, in order; HTML around a block is passed through untouched. */
export function splitArticleHtml(html: string): ArticleSegment[] {
  const segments: ArticleSegment[] = [];
  let last = 0;
  for (const match of html.matchAll(BLOCK_ELEMENT)) {
    const block = parseBlockAttributes(attributesOf(match[1]!));
    if (!block) continue;
    if (match.index > last) segments.push({ kind: 'html', html: html.slice(last, match.index) });
    segments.push({ kind: 'block', block });
    last = match.index + match[0].length;
  }
  if (last < html.length) segments.push({ kind: 'html', html: html.slice(last) });
  return segments;
}

/** The blocks of an article, in order. */
export function articleBlocks(html: string): ProductBlock[] {
  if (!html.includes('data-product-block')) return [];
  return splitArticleHtml(html).flatMap((segment) => (segment.kind === 'block' ? [segment.block] : []));
}

/** Every product id the articles reference, once each: the build resolves them together. */
export function referencedProductIds(htmls: Iterable<string>): Set<number> {
  const ids = new Set<number>();
  for (const html of htmls) for (const block of articleBlocks(html)) for (const id of block.ids) ids.add(id);
  return ids;
}

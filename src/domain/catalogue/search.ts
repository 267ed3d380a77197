/**
 * Catalogue search (spec sections 5 and 7): a case-insensitive match of the term within a
 * product's name or description.
 *
 * Descriptions are HTML; the match runs on their text, one block (paragraph, list item, heading)
 * at a time, so "strong" does not match every product that has bold text. Descriptions share many
 * blocks (feature lists, usage advice), so a search shard stores each distinct block once and each
 * product lists the blocks it uses.
 */

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
const BLOCK_END = /<\/(p|li|h[1-6]|div|blockquote|dd|dt|td|th|tr|figcaption|pre)>|<br\s*\/?>/gi;

function decodeEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|\w+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 32);
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10) || 32);
    return ENTITIES[lower] ?? entity;
  });
}

/** The text blocks of a (sanitized) description, lower-cased for matching, whitespace collapsed, empty ones dropped. */
export function descriptionBlocks(html: string): string[] {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .map((block) => foldCase(decodeEntities(block).replace(/\s+/g, ' ').trim()))
    .filter((block) => block !== '');
}

/** Case folding for matching both sides alike. */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/** The term as searched: trimmed and folded; null when blank. */
export function searchNeedle(term: string | null | undefined): string | null {
  const needle = term?.trim();
  return needle ? foldCase(needle) : null;
}

/** One category's search data, aligned with its card shard: product i uses blocks refs[i]. */
export interface SearchShard {
  blocks: string[];
  refs: number[][];
}

/** Builds a shard from each product's description blocks, storing each distinct block once. */
export function buildSearchShard(descriptions: readonly (readonly string[])[]): SearchShard {
  const index = new Map<string, number>();
  const blocks: string[] = [];
  const refs = descriptions.map((productBlocks) =>
    [...new Set(productBlocks)].map((block) => {
      let id = index.get(block);
      if (id === undefined) {
        id = blocks.push(block) - 1;
        index.set(block, id);
      }
      return id;
    }),
  );
  return { blocks, refs };
}

/** For each product of the shard, whether its description contains the needle (already folded). */
export function descriptionMatches(shard: SearchShard, needle: string): boolean[] {
  const hit = shard.blocks.map((block) => block.includes(needle));
  return shard.refs.map((ids) => ids.some((id) => hit[id] === true));
}

/** A product matches when its name contains the folded needle or its description did (from descriptionMatches). */
export function matchesSearchTerm(needle: string, name: string, descriptionHit: boolean): boolean {
  return descriptionHit || foldCase(name).includes(needle);
}

/**
 * The guides' product blocks as server code reads them at run time, for the admin overview's notice of lost products.
 * Guides are Markdown kept in git (content/guides, the same files the build renders), not rows, so they are read from
 * the files: the functions carry them (netlify.toml's included_files) and the local server runs in the repository.
 * A block is the element itself written in the Markdown, which rendering passes through unchanged, so the file's text
 * holds the same blocks the page shows (articleBlocks; a block inside a code fence would be counted though it shows
 * as code, which no guide does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { articleBlocks } from '../../domain/article-blocks/article-html.ts';
import type { ProductBlock } from '../../domain/article-blocks/block-markup.ts';
import { GUIDES_DIR } from '../../domain/article-blocks/guide-files.ts';


export interface GuideArticle {
  /** The guide's address, e.g. /guides/recovery-routines (its file name, as the content collection keys it). */
  page: string;
  title: string;
  blocks: ProductBlock[];
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;
const TITLE = /^title:\s*(.+?)\s*$/m;

/** The frontmatter's title (a YAML scalar, quoted or plain), or the file name when it has none. */
function guideTitle(text: string, fallback: string): string {
  const raw = FRONTMATTER.exec(text)?.[1]?.match(TITLE)?.[1];
  if (!raw) return fallback;
  if (raw.startsWith('"')) {
    try {
      return String(JSON.parse(raw));
    } catch {
      return raw.slice(1, -1);
    }
  }
  return raw.startsWith("'") ? raw.slice(1, -1).replaceAll("''", "'") : raw;
}

/** Every guide that holds a product block, in file-name order; none when the folder is absent (a site without guides). */
export function readGuideArticles(dir: string = resolve(process.cwd(), GUIDES_DIR)): GuideArticle[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.md')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const guides: GuideArticle[] = [];
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    const blocks = articleBlocks(text);
    const slug = file.slice(0, -'.md'.length);
    if (blocks.length > 0) guides.push({ page: `/guides/${slug}`, title: guideTitle(text, slug), blocks });
  }
  return guides;
}

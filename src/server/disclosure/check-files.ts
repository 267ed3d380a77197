/**
 * Checks a list of built pages (site-check.ts runs this in its own thread or in workers). Files are read a few
 * ahead, so reading overlaps parsing.
 */
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { checkPageHtml, type LinkViolation } from '../../domain/disclosure/page-check.ts';
import { servedPath } from '../../domain/page-path.ts';

export interface PageViolation extends LinkViolation {
  /** The address the page is served at (/blog/some-post). */
  page: string;
}

export interface FilesCheck {
  affiliateLinks: number;
  violations: PageViolation[];
}

const READ_AHEAD = 8;

export async function checkFiles(dir: string, files: readonly string[], siteOrigin: string | undefined): Promise<FilesCheck> {
  const violations: PageViolation[] = [];
  let affiliateLinks = 0;
  const reads = new Map<number, Promise<string>>();
  const readAt = (index: number) => {
    if (index < files.length && !reads.has(index)) reads.set(index, readFile(files[index]!, 'utf8'));
  };
  for (let index = 0; index < READ_AHEAD; index++) readAt(index);
  for (let index = 0; index < files.length; index++) {
    const html = await reads.get(index)!;
    reads.delete(index);
    readAt(index + READ_AHEAD);
    const page = servedPath(`/${relative(dir, files[index]!).split(sep).join('/')}`);
    const result = checkPageHtml(html, { siteOrigin });
    affiliateLinks += result.affiliateLinks;
    for (const violation of result.violations) violations.push({ page, ...violation });
  }
  return { affiliateLinks, violations };
}

/**
 * `_redirects` text matched by Netlify's engine, as the local server matches a build's file
 * (src/server/local/redirects.ts): the engine reads files, so the text is written to a folder of
 * its own first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { createSiteRedirects, type RedirectMatch } from '../../src/server/local/redirects.ts';

export interface RedirectsUnderTest {
  /** The rules as Netlify's parser reads them, with its syntax errors. */
  parsed: { redirects: { from: string; to: string; status?: number; force: boolean; query: Record<string, string> }[]; errors: Error[] };
  /** What a request gets: the rule that applies (unforced rules only where `fileExists` is false), or undefined. */
  served(url: string, fileExists?: boolean): Promise<RedirectMatch | undefined>;
  dispose(): void;
}

export async function redirectsFromText(text: string): Promise<RedirectsUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'repwell-redirects-'));
  const file = join(dir, '_redirects');
  writeFileSync(file, text);
  const parsed = (await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: true })) as RedirectsUnderTest['parsed'];
  const site = createSiteRedirects(dir);
  return {
    parsed,
    async served(url, fileExists = true) {
      const { pathname, search } = new URL(url, 'http://site');
      const found = await site.match({ pathname, search });
      return found && (found.force || !fileExists) ? found : undefined;
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

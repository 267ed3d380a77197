/**
 * The JavaScript a built page loads: its module scripts, its islands' components and renderers, and every chunk
 * those import statically, each counted once. Dynamic imports (code a page fetches only when asked, like the admin
 * frame or the toaster) and islands hydrated on first interaction are listed apart, and so is the JavaScript inline in the HTML (the head's early-click,
 * click-tracking and chunk-recovery scripts, Astro's island loader), which travels in the page's own gzip.
 * Used by `npm run bench` and to compare two builds:
 *
 *   npm run page-js -- <site dir> <page path>... [--against <other site dir>]
 *
 * Each public template against its budget: `npx node scripts/bench/javascript-budgets.ts <site dir>`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageJavaScript {
  page: string;
  /** Chunks loaded with the page (statically reachable), by URL path. */
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** Chunks only reachable through import(): loaded on demand. */
  onDemand: string[];
  /** The text of the page's inline scripts, together and gzipped together. */
  inlineBytes: number;
  inlineGzipBytes: number;
}

/** The text of every script element without src whose type runs as JavaScript (not JSON-LD or import maps). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (!/\bsrc=/.test(attributes) && ['', 'module', 'text/javascript'].includes(type) && text.trim() !== '') scripts.push(text);
  }
  return scripts;
}

/** Islands hydrated on first interaction (client:interaction, src/directives/interaction.ts) load their code only then. */
const ON_INTERACTION = /\bclient="interaction"/;

/** The component and renderer URLs of the page's islands, split by whether they load with the page. */
export function islandScripts(html: string): { withPage: string[]; onInteraction: string[] } {
  const withPage: string[] = [];
  const onInteraction: string[] = [];
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const urls = [...tag.matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)].map((match) => match[1]!);
    (ON_INTERACTION.test(tag) ? onInteraction : withPage).push(...urls);
  }
  return { withPage, onInteraction };
}

/** Entry points a page names: module scripts, island components and renderers (but those hydrated on interaction), module preloads. */
export function pageEntryScripts(html: string): string[] {
  const entries = new Set<string>(islandScripts(html).withPage);
  const patterns = [/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g, /<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) entries.add(match[1]!);
  // Inline module scripts can import chunks too (Astro's hoisted scripts are inlined when small).
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) for (const specifier of staticImports(match[1]!)) if (specifier.startsWith('/')) entries.add(specifier);
  return [...entries].filter((url) => url.endsWith('.js'));
}

/** Specifiers of `import … from "x"`, `import "x"` and `export … from "x"` in minified ESM. */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g)) found.push(match[1]!);
  return found;
}

export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]!);
}

function resolveUrl(from: string, specifier: string): string {
  return new URL(specifier, `http://site${from}`).pathname;
}

export function measurePage(siteDir: string, pagePath: string): PageJavaScript {
  const html = readFileSync(join(siteDir, pagePath), 'utf8');
  const seen = new Set<string>();
  const onDemand = new Set<string>(islandScripts(html).onInteraction);
  const queue = pageEntryScripts(html);
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(siteDir, url), 'utf8');
    for (const specifier of staticImports(code)) if (specifier.startsWith('.') || specifier.startsWith('/')) queue.push(resolveUrl(url, specifier));
    for (const specifier of dynamicImports(code)) if (specifier.startsWith('.') || specifier.startsWith('/')) onDemand.add(resolveUrl(url, specifier));
  }
  const files = [...seen].sort();
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of files) {
    const content = readFileSync(join(siteDir, url));
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  const inline = Buffer.from(inlineScripts(html).join('\n'));
  return {
    page: pagePath,
    files,
    bytes,
    gzipBytes,
    onDemand: [...onDemand].filter((url) => !seen.has(url)).sort(),
    inlineBytes: inline.length,
    inlineGzipBytes: gzipSync(inline, { level: 9 }).length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const args = process.argv.slice(2);
  const againstAt = args.indexOf('--against');
  const against = againstAt >= 0 ? args.splice(againstAt, 2)[1] : undefined;
  const [siteDir, ...pages] = args;
  if (!siteDir || pages.length === 0) {
    console.error('usage: npm run page-js -- <site dir> <page path>... [--against <other site dir>]');
    process.exit(2);
  }
  for (const page of pages) {
    const now = measurePage(siteDir, page);
    const inline = (measured: PageJavaScript) => `inline ${kb(measured.inlineBytes)} (${kb(measured.inlineGzipBytes)} gzip)`;
    const change = (bytes: number) => `${bytes >= 0 ? '+' : ''}${bytes} B gzip`;
    let line = `${page}: ${now.files.length} files, ${kb(now.bytes)} (${kb(now.gzipBytes)} gzip), ${inline(now)}`;
    if (against) {
      const before = measurePage(against, page);
      line += ` | before: ${before.files.length} files, ${kb(before.bytes)} (${kb(before.gzipBytes)} gzip), ${inline(before)}`;
      line += ` | change ${change(now.gzipBytes - before.gzipBytes)}, inline ${change(now.inlineGzipBytes - before.inlineGzipBytes)}`;
    }
    console.log(line);
  }
}

/**
 * Completes Astro's Content-Security-Policy with the inline scripts Astro does not hash.
 *
 * With `security.csp`, Astro writes a `<meta http-equiv="content-security-policy">` into every
 * page whose script-src lists 'self' and the hashes of the scripts it bundles or inlines itself,
 * but not of `<script is:inline>` and `define:vars` scripts (docs: "Inline scripts are not
 * supported out of the box"). The site has several (AuthBootstrap, CookieBanner, the catalogue's
 * pending-view script…), and a define:vars script differs per page.
 *
 * So after the build, every page's inline scripts are hashed into its own policy, but only those
 * written in the project's components: a script whose text is the body of an `is:inline` script in
 * src/**\/*.astro, or a define:vars script, which Astro emits as `(function(){const a = <JSON>;\n…
 * <body>})();`, whose variable lines are plain JSON (Astro escapes `<` in them) and whose body is
 * one written in src. A script that came from anywhere else (content that slipped past
 * sanitising) is left unhashed, so the browser refuses it, and the build warns.
 *
 * The policy is also moved to the start of <head>: a <meta> policy applies only to what follows it,
 * and Astro places it after the head's own inline scripts.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { Parser } from 'htmlparser2';

export interface AuthoredScripts {
  /** Bodies of `is:inline` scripts without define:vars, as written. */
  inline: Set<string>;
  /** Bodies of define:vars scripts, as written. */
  defineVars: Set<string>;
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const OPENING_SCRIPT = /<script\b/i;
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

function hasAttribute(attributes: string, name: string): boolean {
  return new RegExp(`(?:^|\\s)${name.replace(':', '\\:')}(?:[\\s=]|$)`, 'i').test(attributes);
}

/** Whether a browser would run the element's text: no src, and a JavaScript type (or none). */
function runsInline(attributes: string): boolean {
  if (hasAttribute(attributes, 'src')) return false;
  return EXECUTABLE_TYPES.has((attribute(attributes, 'type') ?? '').trim().toLowerCase());
}

/** The inline scripts written in one .astro source file. */
export function authoredScriptsIn(source: string, into: AuthoredScripts): void {
  for (const [, attributes = '', body = ''] of source.matchAll(SCRIPT_ELEMENT)) {
    if (hasAttribute(attributes, 'set:html') || hasAttribute(attributes, 'set:text') || !runsInline(attributes)) continue;
    if (hasAttribute(attributes, 'define:vars')) into.defineVars.add(normalise(body));
    else if (hasAttribute(attributes, 'is:inline')) into.inline.add(normalise(body));
  }
}

/** A browser reads CR LF and lone CR as LF before hashing (HTML input stream preprocessing). */
function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

const DEFINE_VARS_OPEN = '(function(){';
const DEFINE_VARS_CLOSE = '})();';
const VARIABLE_LINE = /^const [A-Za-z_$][\w$]* = (.*);$/;

/** Whether a script in the built page is one written in the project (see the module comment). */
export function isAuthored(script: string, authored: AuthoredScripts): boolean {
  if (authored.inline.has(script)) return true;
  if (!script.startsWith(DEFINE_VARS_OPEN) || !script.endsWith(DEFINE_VARS_CLOSE)) return false;
  const inner = script.slice(DEFINE_VARS_OPEN.length, -DEFINE_VARS_CLOSE.length);
  for (const body of authored.defineVars) {
    if (!inner.endsWith(`\n${body}`)) continue;
    // One `const name = value;` line per variable, then the body on a new line.
    const variables = inner.slice(0, inner.length - body.length - 1).replace(/\n$/, '');
    if (variables === '' || variables.split('\n').every(isPlainVariable)) return true;
  }
  return false;
}

function isPlainVariable(line: string): boolean {
  const value = VARIABLE_LINE.exec(line)?.[1];
  if (value === undefined) return false;
  if (value === 'undefined') return true;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

export function scriptHash(script: string): string {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

/**
 * The page's script elements as a browser's tokenizer finds them. Text such as `<script>` inside an attribute value (a
 * product name in <meta content>, Astro leaves `<` there as HTML allows) is not an element; a regular expression over
 * the page would take it for one and pair it with a real script's end tag, leaving that script unhashed.
 * Attributes come back as ` name="value"` text for runsInline.
 */
export function scriptElements(html: string): { attributes: string; raw: string }[] {
  const found: { attributes: string; raw: string }[] = [];
  let current: { attributes: string; raw: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'script') return;
        current = { attributes: Object.entries(attributes).map(([key, value]) => ` ${key}="${value.replaceAll('"', '&quot;')}"`).join(''), raw: '' };
      },
      ontext(text) {
        if (current) current.raw += text;
      },
      onclosetag(name) {
        if (name !== 'script' || !current) return;
        found.push(current);
        current = undefined;
      },
    },
    // Script text is never entity-decoded by a browser; attribute values keep their quotes escaped as above.
    { decodeEntities: false, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.end(html);
  return found;
}

const CSP_META = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"\s*\/?>/i;

export interface PageResult {
  html: string;
  added: number;
  /** Inline scripts left unhashed, the start of each. */
  unknown: string[];
}

/** The policy's script sources with the hashes of the authored inline scripts added, and the scripts left out. */
function hashAuthored(scripts: Iterable<{ attributes: string; raw: string }>, given: readonly string[], authored: AuthoredScripts) {
  const sources = new Set(given);
  const unknown: string[] = [];
  let added = 0;
  for (const { attributes, raw } of scripts) {
    if (!runsInline(attributes)) continue;
    const script = normalise(raw);
    const source = `'${scriptHash(script)}'`;
    if (sources.has(source)) continue;
    if (!isAuthored(script, authored)) {
      unknown.push(script.trim().slice(0, 80));
      continue;
    }
    sources.add(source);
    added += 1;
  }
  return { sources, added, unknown };
}

/**
 * One page with its inline scripts' hashes added to script-src and the policy moved to the start
 * of <head>. A page without Astro's policy is returned as it is.
 */
export function completePolicy(html: string, authored: AuthoredScripts): PageResult {
  const meta = CSP_META.exec(html);
  if (!meta) return { html, added: 0, unknown: [] };
  const directives = meta[1]!.split(';').map((directive) => directive.trim());
  const scriptIndex = directives.findIndex((directive) => /^script-src\s/.test(directive));
  if (scriptIndex < 0) return { html, added: 0, unknown: [] };
  const given = directives[scriptIndex]!.split(/\s+/).slice(1);
  // The regular expression is 50 times faster than parsing and right for every page whose text has no `<script` in an
  // attribute value. Such text opens a false element that runs to the next `</script>`: when that element counts as
  // inline it shows up as an unknown script; when it does not (`<script src=x>` in a product name) it swallows the
  // real script after it, whose own `<script` then sits in the false element's body. Either way the page is read
  // again with the parser, whose answer holds.
  const matched = [...html.matchAll(SCRIPT_ELEMENT)].map(([, attributes = '', raw = '']) => ({ attributes, raw }));
  let hashed = hashAuthored(matched, given, authored);
  if (hashed.unknown.length > 0 || matched.some(({ raw }) => OPENING_SCRIPT.test(raw))) hashed = hashAuthored(scriptElements(html), given, authored);
  const { sources, added, unknown } = hashed;
  directives[scriptIndex] = `script-src ${[...sources].join(' ')}`;
  const policy = `<meta http-equiv="content-security-policy" content="${directives.filter(Boolean).join('; ')};">`;

  const withoutMeta = html.slice(0, meta.index) + html.slice(meta.index + meta[0].length);
  // After <meta charset>, which must come first (within the first 1024 bytes), else right after <head>.
  const anchor = /<head\b[^>]*>(\s*<meta\s+charset=[^>]*>)?/i.exec(withoutMeta);
  if (!anchor) return { html, added: 0, unknown };
  const at = anchor.index + anchor[0].length;
  return { html: withoutMeta.slice(0, at) + policy + withoutMeta.slice(at), added, unknown };
}

async function filesUnder(dir: string, extension: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(extension)).map((entry) => join(entry.parentPath, entry.name));
}

export async function readAuthoredScripts(srcDir: string): Promise<AuthoredScripts> {
  const authored: AuthoredScripts = { inline: new Set(), defineVars: new Set() };
  for (const file of await filesUnder(srcDir, '.astro')) authoredScriptsIn(await readFile(file, 'utf8'), authored);
  return authored;
}

/** Pages written at once: enough to keep the disk busy without holding thousands of pages in memory. */
const PARALLEL_PAGES = 32;

export interface InlineScriptHashesOptions {
  /**
   * Inline scripts the project writes out at build time rather than in a component's source (the
   * early-click script is minified from TypeScript), trusted by their exact text.
   */
  trustedScripts?: readonly string[];
}

export function inlineScriptHashes(options: InlineScriptHashesOptions = {}): AstroIntegration {
  let srcDir = '';
  return {
    name: 'repwell:inline-script-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        srcDir = fileURLToPath(config.srcDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const authored = await readAuthoredScripts(srcDir);
        for (const script of options.trustedScripts ?? []) authored.inline.add(normalise(script));
        const pages = await filesUnder(fileURLToPath(dir), '.html');
        const unknown = new Map<string, number>();
        let hashed = 0;
        for (let start = 0; start < pages.length; start += PARALLEL_PAGES) {
          await Promise.all(
            pages.slice(start, start + PARALLEL_PAGES).map(async (page) => {
              const html = await readFile(page, 'utf8');
              const result = completePolicy(html, authored);
              hashed += result.added;
              for (const script of result.unknown) unknown.set(script, (unknown.get(script) ?? 0) + 1);
              if (result.html !== html) await writeFile(page, result.html);
            }),
          );
        }
        logger.info(`${hashed} inline script hashes added to the pages' Content-Security-Policy`);
        for (const [script, count] of unknown) {
          logger.warn(`An inline script not written in src/ is left out of the Content-Security-Policy on ${count} page(s), so browsers refuse it: ${script}`);
        }
      },
    },
  };
}

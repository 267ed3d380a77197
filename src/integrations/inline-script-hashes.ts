/**
 * The pages' Content-Security-Policy, decided once per build at config time (ARCHITECTURE section 9: each distinct
 * inline script is hashed once, not once per page, and no pass reads the pages after Astro).
 *
 * script-src is 'self' and the hash of every inline script the site can write: the bodies of the `is:inline`
 * scripts in src/**\/*.astro, the scripts the project writes out at build time (trustedScripts: the early-click,
 * click-tracking and chunk-recovery scripts), and Astro's own island runtime and client directives. There is no
 * 'unsafe-inline' for scripts, so any other inline script (content that slipped past sanitising) is refused by the
 * browser. The policy is the same on every page; it lists only scripts written in this repository or in Astro.
 *
 * An inline script must therefore be the same text on every page: a value that differs per page travels in a
 * data-* attribute of the script element (read with document.currentScript.dataset), never in the text. A
 * `define:vars` script, whose text Astro writes with the values in it, fails the build here, naming the file.
 *
 * The policy goes into a <meta> as the first element after <meta charset> (ContentSecurityPolicy.astro, rendered by
 * every layout): a <meta> policy governs only what follows it. Astro's own `security.csp` is off: it hashed the
 * route's scripts again for every page and put its <meta> after the head's inline scripts.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import astroIslandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';

export interface AuthoredScripts {
  /** Bodies of `is:inline` scripts without define:vars, as written. */
  inline: Set<string>;
  /** Files with a define:vars script (not allowed: see the module comment). */
  defineVars: Set<string>;
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
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

/** The inline scripts written in one .astro source file (`file` names it in the define:vars refusal). */
export function authoredScriptsIn(source: string, into: AuthoredScripts, file = 'a component'): void {
  for (const [, attributes = '', body = ''] of source.matchAll(SCRIPT_ELEMENT)) {
    if (hasAttribute(attributes, 'set:html') || hasAttribute(attributes, 'set:text') || !runsInline(attributes)) continue;
    if (hasAttribute(attributes, 'define:vars')) into.defineVars.add(file);
    else if (hasAttribute(attributes, 'is:inline')) into.inline.add(normalise(body));
  }
}

/** A browser reads CR LF and lone CR as LF before hashing (HTML input stream preprocessing). */
function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function scriptHash(script: string): string {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

function astroFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.astro'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

export function readAuthoredScripts(srcDir: string): AuthoredScripts {
  const authored: AuthoredScripts = { inline: new Set(), defineVars: new Set() };
  for (const file of astroFilesUnder(srcDir)) authoredScriptsIn(readFileSync(file, 'utf8'), authored, file);
  return authored;
}

/** Astro's inline scripts: the island element and the client directives' loaders (what Astro itself hashes). */
export const ASTRO_INLINE_SCRIPTS: readonly string[] = [astroIslandRuntime, idleDirective, loadDirective, mediaDirective, onlyDirective, visibleDirective];

export interface PolicyOptions {
  /** The policy's other directives, as written ("default-src 'self'", …). */
  directives: readonly string[];
  /** Script sources besides the hashes ("'self'"). */
  scriptSources: readonly string[];
  styleSources: readonly string[];
  /**
   * Inline scripts the project writes out at build time rather than in a component's source (the before-paint scripts
   * are minified from TypeScript), trusted by their exact text, by the name the pages import them by
   * (`virtual:repwell/trusted-scripts`).
   */
  trustedScripts?: Readonly<Record<string, string>>;
  /** The project's own client directives (addClientDirective): Astro inlines each one's bundled loader in the pages. */
  clientDirectives?: readonly { name: string; entrypoint: string }[];
}

/**
 * The loader Astro inlines for a custom client directive: the same esbuild bundle of the same entry module that Astro
 * builds (astro/dist/core/client-directive/build.js, not exported), so its hash is the hash of the text in the pages.
 * The seo-audit integration test checks every inline script of a built site against the policy.
 */
export async function clientDirectiveScript(directive: { name: string; entrypoint: string }, root: string): Promise<string> {
  const name = JSON.stringify(directive.name);
  const output = await build({
    stdin: {
      contents: `import directive from ${JSON.stringify(directive.entrypoint)};\n\n(self.Astro || (self.Astro = {}))[${name}] = directive;\n\nwindow.dispatchEvent(new Event('astro:' + ${name}));`,
      resolveDir: root,
    },
    absWorkingDir: root,
    format: 'iife',
    minify: true,
    bundle: true,
    write: false,
  });
  return output.outputFiles[0]?.text ?? '';
}

/** Every inline script the site may write, each once: the authored ones, the trusted ones and Astro's. */
export function inlineScriptsOf(srcDir: string, trustedScripts: readonly string[] = []): string[] {
  const authored = readAuthoredScripts(srcDir);
  if (authored.defineVars.size > 0) {
    throw new Error(
      `A define:vars script's text differs per page, so its hash cannot be in the site's Content-Security-Policy: ` +
        `pass the values as data-* attributes and read document.currentScript.dataset (${[...authored.defineVars].join(', ')}).`,
    );
  }
  return [...new Set([...authored.inline, ...trustedScripts.map(normalise), ...ASTRO_INLINE_SCRIPTS])];
}

/** The <meta http-equiv="content-security-policy"> content. */
export function policyContent(options: PolicyOptions, inlineScripts: readonly string[]): string {
  const hashes = [...new Set(inlineScripts.map((script) => `'${scriptHash(script)}'`))].sort();
  return [
    ...options.directives,
    `script-src ${[...options.scriptSources, ...hashes].join(' ')}`,
    `style-src ${options.styleSources.join(' ')}`,
  ].join('; ').concat(';');
}

const VIRTUAL_ID = 'virtual:repwell/content-security-policy';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const TRUSTED_ID = 'virtual:repwell/trusted-scripts';
const RESOLVED_TRUSTED_ID = `\0${TRUSTED_ID}`;

/** The trusted scripts as a module of string constants, one export per name. */
export function trustedScriptsModule(scripts: Readonly<Record<string, string>>): string {
  // A name that is not an identifier would surface as a parse error in a virtual module: say which name instead.
  const invalid = Object.keys(scripts).filter((name) => !/^[A-Za-z_$][\w$]*$/.test(name));
  if (invalid.length > 0) throw new Error(`trustedScripts names must be JavaScript identifiers, as the pages import them: ${invalid.join(', ')}`);
  return Object.entries(scripts)
    .map(([name, text]) => `export const ${name} = ${JSON.stringify(text)};`)
    .join('\n');
}

/**
 * Computes the policy when Astro reads its config and serves it to ContentSecurityPolicy.astro as a virtual module;
 * serves the trusted scripts' texts to the components that write them (`virtual:repwell/trusted-scripts`), so a page
 * writes the very text whose hash the policy holds. The pre-render bundle, and the renderer a partial build keeps, then
 * hold the texts as strings: no render process loads Vite's minifier or starts esbuild to make them again (0.3 s of
 * CPU in each partial build's render process).
 */
export function inlineScriptHashes(options: PolicyOptions): AstroIntegration {
  return {
    name: 'repwell:inline-script-hashes',
    hooks: {
      'astro:config:setup': async ({ config, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        const directives = await Promise.all((options.clientDirectives ?? []).map((directive) => clientDirectiveScript(directive, root)));
        const trusted = options.trustedScripts ?? {};
        const scripts = inlineScriptsOf(fileURLToPath(config.srcDir), [...Object.values(trusted), ...directives]);
        const policy = policyContent(options, scripts);
        logger.info(`${scripts.length} inline scripts hashed into the pages' Content-Security-Policy`);
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'repwell:content-security-policy',
                resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
                load: (id: string) => (id === RESOLVED_ID ? `export const policy = ${JSON.stringify(policy)};` : undefined),
              },
              {
                name: 'repwell:trusted-scripts',
                resolveId: (id: string) => (id === TRUSTED_ID ? RESOLVED_TRUSTED_ID : undefined),
                load: (id: string) => (id === RESOLVED_TRUSTED_ID ? trustedScriptsModule(trusted) : undefined),
              },
            ],
          },
        });
      },
    },
  };
}

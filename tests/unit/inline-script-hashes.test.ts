/**
 * The pages' Content-Security-Policy, decided at config time (src/integrations/inline-script-hashes.ts): the hash of
 * every inline script the project's components, its build-time scripts and Astro write, each once; a define:vars
 * script (whose text differs per page) is refused. (tests/integration/seo-audit.test.ts checks a built site: every
 * inline script of every page is in its policy.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ASTRO_INLINE_SCRIPTS,
  authoredScriptsIn,
  inlineScriptsOf,
  policyContent,
  scriptHash,
  trustedScriptsModule,
  type AuthoredScripts,
} from '../../src/integrations/inline-script-hashes.ts';

const component = `---
const key = 'consent';
---
<script is:inline>
  document.documentElement.dataset.ready = 'yes';
</script>
<script is:inline data-key={key}>
  console.log(document.currentScript.dataset.key);
</script>
<script>import './bundled.ts';</script>
<script is:inline type="application/ld+json" set:html={data} />
<script is:inline type="application/ld+json">{"@type":"Thing"}</script>
<script is:inline src="/x.js"></script>
`;

const inlineBody = "\n  document.documentElement.dataset.ready = 'yes';\n";
const datasetBody = '\n  console.log(document.currentScript.dataset.key);\n';

function authoredFrom(source: string): AuthoredScripts {
  const authored: AuthoredScripts = { inline: new Set(), defineVars: new Set() };
  authoredScriptsIn(source, authored, 'Component.astro');
  return authored;
}

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function srcWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'csp-src-'));
  temporary.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the scripts written in a component', () => {
  it('are the is:inline bodies as written (values in data-* attributes); bundled scripts, sources and JSON data are not', () => {
    const authored = authoredFrom(component);
    expect([...authored.inline]).toEqual([inlineBody, datasetBody]);
    expect([...authored.defineVars]).toEqual([]);
  });

  it('read CR LF as LF, as a browser does before hashing', () => {
    expect([...authoredFrom('<script is:inline>\r\n  a();\r\n</script>').inline]).toEqual(['\n  a();\n']);
  });

  it('include a define:vars script only as the file to refuse', () => {
    const authored = authoredFrom('<script is:inline define:vars={{ key }}>console.log(key);</script>');
    expect([...authored.inline]).toEqual([]);
    expect([...authored.defineVars]).toEqual(['Component.astro']);
  });
});

describe('the inline scripts of the site', () => {
  it("are the project's is:inline scripts, the trusted build-time scripts and Astro's island loader, each once", () => {
    const scripts = inlineScriptsOf(`${import.meta.dirname}/../../src`, ['trusted();', 'trusted();']);
    expect(scripts.some((body) => body.includes('404 Error: User attempted to access non-existent route'))).toBe(true);
    expect(scripts.filter((body) => body === 'trusted();')).toHaveLength(1);
    for (const script of ASTRO_INLINE_SCRIPTS) expect(scripts).toContain(script);
    expect(ASTRO_INLINE_SCRIPTS.some((script) => script.includes('astro-island'))).toBe(true);
  });

  it('reach the pages that write them by name, as the very texts the policy hashes', async () => {
    const trusted = { plain: 'go();', awkward: 'say("</script>", `${1}`, \'\u2028\');' };
    const module = (await import(`data:text/javascript,${encodeURIComponent(trustedScriptsModule(trusted))}`)) as Record<string, string>;
    expect({ ...module }).toEqual(trusted);
    expect(() => trustedScriptsModule({ 'chunk-recovery': 'go();' })).toThrow(/identifiers.*chunk-recovery/);
  });

  it('refuse a define:vars script, naming its file, because its text and hash differ per page', () => {
    const src = srcWith({
      'components/Fine.astro': '<script is:inline>fine();</script>',
      'pages/Varies.astro': '<script is:inline define:vars={{ path }}>go(path);</script>',
    });
    expect(() => inlineScriptsOf(src)).toThrow(/define:vars.*data-\* attributes.*Varies\.astro/);
    expect(inlineScriptsOf(srcWith({ 'components/Fine.astro': '<script is:inline>fine();</script>' }))).toContain('fine();');
  });
});

describe('the policy', () => {
  const options = { directives: ["default-src 'self'", "object-src 'none'"], scriptSources: ["'self'"], styleSources: ["'self'", "'unsafe-inline'"] };

  it("lists the directives, then 'self' and each script's hash once, and no 'unsafe-inline' for scripts", () => {
    const policy = policyContent(options, ['b();', 'a();', 'b();']);
    const hashes = [scriptHash('a();'), scriptHash('b();')].map((hash) => `'${hash}'`).sort();
    expect(policy).toBe(`default-src 'self'; object-src 'none'; script-src 'self' ${hashes.join(' ')}; style-src 'self' 'unsafe-inline';`);
    expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
  });

  it('hashes the text as a browser does (SHA-256 of the UTF-8 text, base64)', () => {
    // The example hash of the CSP specification's tooling: echo -n 'doSomething();' | openssl sha256 -binary | base64
    expect(scriptHash('doSomething();')).toBe('sha256-RFWPLDbv2BY+rCkDzsE+0fr8ylGr2R2faWMhq4lfEQc=');
  });
});

/**
 * The build step that completes Astro's page CSP (src/integrations/inline-script-hashes.ts): only
 * inline scripts written in the project's components get their hash into the policy.
 */
import { describe, expect, it } from 'vitest';
import { authoredScriptsIn, completePolicy, isAuthored, readAuthoredScripts, scriptHash, type AuthoredScripts } from '../../src/integrations/inline-script-hashes.ts';

const component = `---
const key = 'consent';
---
<script is:inline>
  document.documentElement.dataset.ready = 'yes';
</script>
<script is:inline define:vars={{ key, choices: ['a', 'b'] }}>
  console.log(key, choices);
</script>
<script>import './bundled.ts';</script>
<script is:inline type="application/ld+json" set:html={data} />
<script is:inline type="application/ld+json">{"@type":"Thing"}</script>
`;

function authoredFrom(source: string): AuthoredScripts {
  const authored: AuthoredScripts = { inline: new Set(), defineVars: new Set() };
  authoredScriptsIn(source, authored);
  return authored;
}

const authored = authoredFrom(component);
const inlineBody = "\n  document.documentElement.dataset.ready = 'yes';\n";
const varsBody = '\n  console.log(key, choices);\n';
/** How Astro writes the define:vars script into a page. */
const defineVarsOutput = (variables: string) => `(function(){${variables}\n${varsBody}})();`;

describe('the scripts written in a component', () => {
  it('are the is:inline and define:vars bodies; bundled scripts and JSON data are not', () => {
    expect([...authored.inline]).toEqual([inlineBody]);
    expect([...authored.defineVars]).toEqual([varsBody]);
  });

  it('include every inline script of the project components', async () => {
    const project = await readAuthoredScripts(`${import.meta.dirname}/../../src`);
    expect(project.inline.size + project.defineVars.size).toBeGreaterThan(3);
    expect([...project.inline].some((body) => body.includes("localStorage.getItem('repwell-user')"))).toBe(true);
  });
});

describe('a script in a built page', () => {
  it('is authored when it is an is:inline body as written', () => {
    expect(isAuthored(inlineBody, authored)).toBe(true);
    expect(isAuthored(`${inlineBody} `, authored)).toBe(false);
  });

  it('is authored when it is a define:vars body after plain JSON variables, as Astro writes them', () => {
    expect(isAuthored(defineVarsOutput('const key = "consent";\nconst choices = ["a","b"];'), authored)).toBe(true);
    expect(isAuthored(defineVarsOutput('const key = "\\u003c/script>";'), authored)).toBe(true);
    expect(isAuthored(defineVarsOutput(''), authored)).toBe(true);
  });

  it('is not authored when code is slipped in beside a written body', () => {
    expect(isAuthored(defineVarsOutput('const key = 1; alert(1);'), authored)).toBe(false);
    expect(isAuthored(defineVarsOutput('alert(1);'), authored)).toBe(false);
    expect(isAuthored(defineVarsOutput('const key = "a";\nalert(1)//";'), authored)).toBe(false);
    expect(isAuthored(`(function(){alert(1)\n${varsBody}})();`, authored)).toBe(false);
    expect(isAuthored('alert(document.cookie)', authored)).toBe(false);
  });
});

describe('completing a page policy', () => {
  const page = (scripts: string) =>
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>T</title>${scripts}` +
    `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-astro='; style-src 'self' 'unsafe-inline';">` +
    `</head><body><script type="application/ld+json">{"a":1}</script><script>alert(1)</script></body></html>`;

  it('adds the hash of each authored inline script, leaves others out, and moves the policy first in <head>', () => {
    const result = completePolicy(page(`<script>${inlineBody}</script>`), authored);
    expect(result.added).toBe(1);
    expect(result.unknown).toEqual(['alert(1)']);
    expect(result.html.startsWith(
      `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-astro=' '${scriptHash(inlineBody)}'; style-src 'self' 'unsafe-inline';">`,
    )).toBe(true);
    expect(result.html.match(/content-security-policy/g)).toHaveLength(1);
    expect(result.html).not.toContain(scriptHash('alert(1)'));
    expect(result.html).not.toContain(scriptHash('{"a":1}'));
  });

  it('reads script elements as a browser does: `<script>` inside an attribute value (a naughty product name) is text', () => {
    const name = 'Naughty <sc<script>ript>alert(123)</sc</script>ript> <!--[if]><script>javascript:alert(1)</script -->';
    const escaped = name.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    const result = completePolicy(page(`<meta property="og:title" content="${escaped}"><script>${inlineBody}</script>`), authored);
    expect(result.added).toBe(1);
    expect(result.unknown).toEqual(['alert(1)']);
    expect(result.html).toContain(scriptHash(inlineBody));
  });

  it("hashes the script after a `<script src>` inside an attribute value, which a regular expression would take for the script's start", () => {
    // No other inline script on the page: nothing unknown to send it to the parser on its own.
    const html =
      `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self';">` +
      `<meta property="og:title" content="Massage Gun <script src=x> Pro"></head><body><script>${inlineBody}</script></body></html>`;
    const result = completePolicy(html, authored);
    expect(result.added).toBe(1);
    expect(result.html).toContain(scriptHash(inlineBody));
  });

  it('hashes the text as a browser does (SHA-256 of the UTF-8 text, base64)', () => {
    // The example hash of the CSP specification's tooling: echo -n 'doSomething();' | openssl sha256 -binary | base64
    expect(scriptHash('doSomething();')).toBe('sha256-RFWPLDbv2BY+rCkDzsE+0fr8ylGr2R2faWMhq4lfEQc=');
  });

  it('leaves a page without a policy as it is', () => {
    const html = '<html><head><script>x()</script></head></html>';
    expect(completePolicy(html, authored)).toEqual({ html, added: 0, unknown: [] });
  });
});

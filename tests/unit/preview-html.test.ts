import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import PreviewHtml from '../../src/islands/admin/blog/PreviewHtml.tsx';

const shown = (html: string) => renderToStaticMarkup(createElement(PreviewHtml, { html }));

describe("the post preview's typed HTML", () => {
  it('keeps the formatting the public page keeps', () => {
    expect(shown('<p>Grid rollers were <strong>too sharp</strong> &amp; loud.<br>See <a href="https://example.com/x" title="t">this</a>.</p><ul><li>One</li></ul>')).toBe(
      '<div><p>Grid rollers were <strong>too sharp</strong> &amp; loud.<br/>See <a href="https://example.com/x" rel="nofollow noopener">this</a>.</p><ul><li>One</li></ul></div>',
    );
  });

  it('drops handlers, images, scripts and unsafe links, keeping the text around them', () => {
    const html = shown(
      '<p onclick="x()">Hi<img src="/none.png" onerror="document.title=1"><script>document.title = 2</script><style>p{}</style> <a href="javascript:alert(1)">link</a> <a href="//evil.example">far</a> <div style="x">inside</div></p>',
    );
    // A div closes the paragraph and the stray </p> opens an empty one, as in a browser.
    expect(html).toBe('<div><p>Hi <a>link</a> <a>far</a> </p>inside<p></p></div>');
  });

  it('closes what was left open, as a browser does', () => {
    expect(shown('<p><em>open')).toBe('<div><p><em>open</em></p></div>');
  });
});

import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../src/server/html-sanitizer.ts';

describe('post HTML is sanitized with an allowlist at build time', () => {
  it('keeps the structure posts are written with', () => {
    const html = '<h2>Why</h2><p>Roll <strong>slowly</strong>, <em>30 s</em>.</p><ul><li>one</li></ul><ol start="2"><li>two</li></ol><blockquote>q</blockquote>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames and event handlers', () => {
    const out = sanitizePostHtml('<p onclick="steal()">Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe>');
    expect(out).toBe('<p>Hi</p>');
  });

  it('removes javascript: and data: links but keeps site paths and https', () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizePostHtml('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>');
    expect(sanitizePostHtml('<a href="/blog">x</a>')).toBe('<a href="/blog">x</a>');
  });

  it('marks links that leave the site nofollow noopener and ignores a stored rel', () => {
    expect(sanitizePostHtml('<a href="https://shop.example" rel="opener">x</a>')).toBe('<a href="https://shop.example" rel="nofollow noopener">x</a>');
    expect(sanitizePostHtml('<a href="/x" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('turns a stored h1 into h2, since the post title is the page h1', () => {
    expect(sanitizePostHtml('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });

  it('lazy-loads images and allows only https or site images', () => {
    expect(sanitizePostHtml('<img src="/images/a.svg" alt="A" onerror="x()">')).toBe('<img src="/images/a.svg" alt="A" loading="lazy" decoding="async" />');
    expect(sanitizePostHtml('<p>a<img src="http://insecure.example/a.png">b</p>')).toBe('<p>ab</p>');
    expect(sanitizePostHtml('<img src="javascript:alert(1)">')).not.toContain('javascript');
  });
});

import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../src/server/html-sanitizer.ts';

describe('the description is rendered as sanitized HTML', () => {
  it('keeps the formatting descriptions use', () => {
    const html = '<p>The <strong>roller</strong> is <em>firm</em>.</p><h3>Features</h3><ul><li>Light</li></ul>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and unsafe links', () => {
    const html = '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a><iframe src="https://x"></iframe><img src=x onerror=alert(1)>';
    expect(sanitizeDescription(html)).toBe('<p>Hi</p><a rel="nofollow noopener" target="_blank">bad</a>');
  });

  it('opens links in a new tab without an opener or endorsement', () => {
    expect(sanitizeDescription('<a href="https://example.com/guide">guide</a>')).toBe(
      '<a href="https://example.com/guide" rel="nofollow noopener" target="_blank">guide</a>',
    );
  });

  it('turns a stored h1 into an h2: the product name is the page’s h1', () => {
    expect(sanitizeDescription('<h1>Title</h1>')).toBe('<h2>Title</h2>');
  });
});

/**
 * A post's HTML, sanitized again at build with an allowlist. It was sanitized when it was
 * written (ARCHITECTURE section 7), but a row written before a rule tightened, or straight into
 * the database, must not reach the page as it is; at build time this costs milliseconds.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'code', 'pre', 'blockquote',
    'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    // rel, loading and decoding are set by transformTags below (which runs before this filter), never kept from the input.
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // An image whose source was refused (http, javascript:) would be an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // The page's h1 is the post title; a stored h1 becomes a section heading.
    h1: 'h2',
    a: (tagName, { rel: _stored, ...attribs }) => ({ tagName, attribs: isExternal(attribs.href) ? { ...attribs, rel: 'nofollow noopener' } : attribs }),
    // Images below the fold wait until needed and never block rendering.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' } }),
  },
};

/** Links that leave the site: absolute http(s) URLs. */
function isExternal(href: string | undefined): boolean {
  return href !== undefined && /^https?:\/\//i.test(href.trim());
}

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The description's HTML, sanitized again at build. It was sanitized when it was written
 * (ARCHITECTURE section 7), but rows written before a rule tightened, or straight into the
 * database, would otherwise reach the page as they are; at build time this costs milliseconds.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'code', 'pre', 'blockquote',
    'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // The page's h1 is the product name; a stored h1 becomes a section heading.
    h1: 'h2',
    // Links in descriptions leave the site: a new tab, no opener, no endorsement.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener', target: '_blank' } }),
  },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The allowlists for stored HTML (ARCHITECTURE section 7). Admin and CSV writes sanitize with
 * these, and the build sanitizes again: a row written before a rule tightened, or straight into
 * the database, must not reach a page as it is; at build time this costs milliseconds.
 *
 * Two profiles share one base: posts may carry images and keep their own links' targets;
 * product descriptions carry no images and every link opens a new tab.
 */
import sanitizeHtml from 'sanitize-html';
import { BLOCK_ATTRIBUTES, blockAttributes, parseBlockAttributes } from '../domain/article-blocks/block-markup.ts';
import { SPONSORED_LINK, sponsoredRetailerHref } from '../domain/disclosure/retailer-links.ts';
import { TRACK_CLICK_ATTRIBUTE as TRACK_CLICK } from '../domain/revenue/click-id.ts';
import type { ProductOfLink } from '../domain/revenue/linked-products.ts';

const TEXT_TAGS = [
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'code', 'pre', 'blockquote',
  'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
];

const TABLE_ATTRIBUTES: Record<string, string[]> = { th: ['scope', 'colspan', 'rowspan'], td: ['colspan', 'rowspan'] };
const ALLOWED_SCHEMES = ['http', 'https', 'mailto'];

/** Links that leave the site: absolute http(s) URLs. */
function isExternal(href: string | undefined): boolean {
  return href !== undefined && /^https?:\/\//i.test(href.trim());
}

/**
 * A div survives only as a product block (src/domain/article-blocks/block-markup.ts): a valid one keeps exactly its
 * attributes, rewritten canonically; any other div loses them here and is unwrapped after (unwrapBareDivs), keeping
 * its content, as before divs were allowed. (Renaming it to a tag not allowed would be simpler, but sanitize-html
 * then closes a later element with the renamed tag's name.)
 */
const productBlock: sanitizeHtml.Transformer = (tagName, attribs) => {
  const block = parseBlockAttributes(attribs);
  return { tagName, attribs: block ? blockAttributes(block) : {} };
};

const ARTICLE: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, 'img', 'figure', 'figcaption', 'div'],
  allowedAttributes: {
    div: [...BLOCK_ATTRIBUTES],
    // rel, loading and decoding are set by transformTags below (which runs before this filter), never kept from the input.
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    ol: ['start'],
    ...TABLE_ATTRIBUTES,
  },
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // An image whose source was refused (http, javascript:) would be an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    div: productBlock,
    // The page's h1 is the post title; a stored h1 becomes a section heading.
    h1: 'h2',
    a: (tagName, { rel: _stored, ...attribs }) => ({ tagName, attribs: isExternal(attribs.href) ? { ...attribs, rel: 'nofollow noopener' } : attribs }),
    // Images below the fold wait until needed and never block rendering.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' } }),
  },
};

const DESCRIPTION: sanitizeHtml.IOptions = {
  allowedTags: TEXT_TAGS,
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], ...TABLE_ATTRIBUTES },
  allowedSchemes: ALLOWED_SCHEMES,
  allowProtocolRelative: false,
  transformTags: {
    // The page's h1 is the product name; a stored h1 becomes a section heading.
    h1: 'h2',
    // Links in descriptions leave the site: a new tab, no opener, no endorsement.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener', target: '_blank' } }),
  },
};

/**
 * After ARTICLE, a div is a product block or bare. A bare div goes, and so does a block holding anything (a block is
 * empty by definition: a filled one was not made by the editor); their (already sanitized) content stays.
 */
function unwrapBareDivs(html: string): string {
  if (!html.includes('<div')) return html;
  const tags = [...html.matchAll(/<div\b[^>]*>|<\/div>/g)];
  const drop = new Set<number>();
  const open: number[] = [];
  tags.forEach((tag, index) => {
    if (tag[0] !== '</div>') return void open.push(index);
    const start = open.pop();
    if (start === undefined) return;
    const opening = tags[start]!;
    if (opening[0] === '<div>' || start !== index - 1 || opening.index + opening[0].length !== tag.index) drop.add(start).add(index);
  });
  if (drop.size === 0) return html;
  let out = '';
  let last = 0;
  tags.forEach((tag, index) => {
    if (!drop.has(index)) return;
    out += html.slice(last, tag.index);
    last = tag.index + tag[0].length;
  });
  return out + html.slice(last);
}

/** A blog post's body. */
export function sanitizePostHtml(html: string): string {
  return unwrapBareDivs(sanitizeHtml(html, ARTICLE)).trim();
}

export interface RenderedPost {
  html: string;
  /** Links made sponsored: the page shows the affiliate disclosure before the body when there are any. */
  sponsoredLinks: number;
}

type LinkAttributes = Record<string, string>;

/** What a link on a built page may carry: rel, target and TRACK_CLICK are set by retailerLinks, never kept. */
const BUILT_LINK_ATTRIBUTES = ['href', 'title', 'rel', 'target', TRACK_CLICK];

/**
 * The `a` transform of a built page. A link to a known retailer or network becomes a buy link: tagged, sponsored, and
 * naming the catalogue product it offers (`productOf`), if any, so that its click gets a click id and a beacon like a
 * product card's (issue 14, point 1). Any other link gets `otherLink`. What the stored HTML said of rel, target or a
 * link's product is dropped: only the build names a link's product.
 */
function retailerLinks(
  amazonTag: string | null | undefined,
  productOf: ProductOfLink | undefined,
  otherLink: (attribs: LinkAttributes) => LinkAttributes,
  onBuyLink: () => void = () => undefined,
): sanitizeHtml.Transformer {
  return (tagName, { rel: _stored, target: _target, [TRACK_CLICK]: _forged, ...attribs }) => {
    const href = sponsoredRetailerHref(attribs.href, amazonTag);
    if (href === null) return { tagName, attribs: otherLink(attribs) };
    onBuyLink();
    const productId = productOf?.(href);
    return { tagName, attribs: { ...attribs, href, ...SPONSORED_LINK, ...(productId === undefined ? {} : { [TRACK_CLICK]: String(productId) }) } };
  };
}

/**
 * A blog post's body as its page shows it: sanitized as when written, and every link to a known retailer or
 * affiliate network made a buy link (src/domain/disclosure/retailer-links.ts), with its product when the catalogue
 * has it. The stored post keeps what the admin wrote, so the editor round-trips it and the tag, host list and
 * catalogue in force at each build apply.
 */
export function renderPostHtml(html: string, amazonTag: string | null | undefined, productOf?: ProductOfLink): RenderedPost {
  let sponsoredLinks = 0;
  const html_ = unwrapBareDivs(sanitizeHtml(html, {
    ...ARTICLE,
    allowedAttributes: { ...ARTICLE.allowedAttributes, a: BUILT_LINK_ATTRIBUTES },
    transformTags: {
      ...ARTICLE.transformTags,
      a: retailerLinks(
        amazonTag,
        productOf,
        (attribs) => (isExternal(attribs.href) ? { ...attribs, rel: 'nofollow noopener' } : attribs),
        () => (sponsoredLinks += 1),
      ),
    },
  })).trim();
  return { html: html_, sponsoredLinks };
}

/** A product's description. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION).trim();
}

/**
 * A product's description as its page shows it: links to a known retailer or network made buy links, as in posts
 * (renderPostHtml), with their product when the catalogue has it. The page's buy box, with its compact disclosure,
 * comes before the description.
 */
export function renderDescriptionHtml(html: string, amazonTag: string | null | undefined, productOf?: ProductOfLink): string {
  return sanitizeHtml(html, {
    ...DESCRIPTION,
    allowedAttributes: { ...DESCRIPTION.allowedAttributes, a: BUILT_LINK_ATTRIBUTES },
    transformTags: {
      ...DESCRIPTION.transformTags,
      a: retailerLinks(amazonTag, productOf, (attribs) => ({ ...attribs, rel: 'nofollow noopener', target: '_blank' })),
    },
  }).trim();
}

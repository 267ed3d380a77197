/**
 * The texts a new pin starts with: written from the product's name and highlights (its attributes and
 * specifications) or the post's excerpt, and — when the destination is an affiliate link — ending with the '#ad'
 * disclosure Pinterest and the FTC expect of paid links. The admin edits them freely; the server puts the disclosure
 * back if an affiliate pin loses it (withDisclosure).
 *
 * No price: a pin stays on Pinterest for years and is never refreshed, so a price in it would be shown as current
 * long after it stopped being true (a price is shown only with its age, and never once stale; Amazon's prices may be
 * kept 24 hours at most). The page the pin links to shows the price with its stamp.
 */
import { plainTextSummary } from '../../product.ts';
import { readText, type AttributeMap } from '../../product-display/attributes.ts';
import { productHighlights } from '../../product-display/highlights.ts';
import { specificationEntries } from '../../product-display/specifications.ts';
import { PIN_ALT_TEXT_MAX, PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, textLength, truncateText } from './limits.ts';
import { pinTexts } from './texts.ts';

export interface PinProductSource {
  name: string;
  /** Sanitized HTML. */
  description: string;
  attributes: AttributeMap;
  specifications: AttributeMap;
}

export interface PinPostSource {
  title: string;
  excerpt: string;
  /** Sanitized HTML, used when the excerpt is empty. */
  content: string;
}

export interface DefaultPinTexts {
  title: string;
  description: string;
  altText: string;
}

/** Specification lines a shopper plans by (size, weight, material …), at most three. */
const SPEC_LINES = 3;

const DISCLOSURE_PATTERN = /(^|\s)#ad\b/i;

export function hasDisclosure(text: string): boolean {
  return DISCLOSURE_PATTERN.test(text);
}

/** The text with ' #ad' at its end when the pin is an affiliate one and lacks it, cut so that both fit the limit. */
export function withDisclosure(text: string, isAffiliate: boolean, limit: number = PIN_DESCRIPTION_MAX): string {
  const trimmed = text.trim();
  if (!isAffiliate || hasDisclosure(trimmed)) return textLength(trimmed) <= limit ? trimmed : truncateKeepingDisclosure(trimmed, limit);
  const suffix = ` ${pinTexts.disclosure}`;
  const body = truncateText(trimmed, limit - textLength(suffix));
  return body === '' ? pinTexts.disclosure : `${body}${suffix}`;
}

/** Cuts an over-long text that already carries the disclosure without cutting the disclosure off. */
function truncateKeepingDisclosure(text: string, limit: number): string {
  const withoutTag = text.replace(DISCLOSURE_PATTERN, ' ').replace(/\s+/g, ' ').trim();
  return withDisclosure(withoutTag, true, limit);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function defaultProductPinTexts(product: PinProductSource, isAffiliate: boolean): DefaultPinTexts {
  const name = product.name.trim();
  const parts: string[] = [sentence(name)];
  const highlights = productHighlights(product.attributes).map((highlight) => highlight.text);
  if (highlights.length > 0) parts.push(sentence(highlights.join(' · ')));
  const specs = specificationEntries(product.specifications)
    .slice(0, SPEC_LINES)
    .map((entry) => `${entry.label}: ${entry.value}`);
  if (specs.length > 0) parts.push(sentence(specs.join('; ')));
  const summary = plainTextSummary(product.description, 300);
  if (summary) parts.push(summary);
  const brand = readText(product.attributes, 'brand');
  const alt = brand && !name.toLowerCase().includes(brand.toLowerCase()) ? `${name} by ${brand}` : name;
  return {
    title: truncateText(name, PIN_TITLE_MAX),
    description: withDisclosure(parts.join(' '), isAffiliate),
    altText: truncateText(alt, PIN_ALT_TEXT_MAX),
  };
}

export function defaultPostPinTexts(post: PinPostSource, isAffiliate = false): DefaultPinTexts {
  const excerpt = post.excerpt.trim() || plainTextSummary(post.content, 400);
  return {
    title: truncateText(post.title.trim(), PIN_TITLE_MAX),
    description: withDisclosure(excerpt || post.title.trim(), isAffiliate),
    altText: truncateText(post.title.trim(), PIN_ALT_TEXT_MAX),
  };
}

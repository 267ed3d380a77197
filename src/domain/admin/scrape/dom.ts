/**
 * The page as a DOM tree, through htmlparser2 (the parser sanitize-html already runs on here) and its DomUtils:
 * every source reads elements and attributes from this tree, never the HTML text.
 */
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';

export type PageDocument = ReturnType<typeof parseDocument>;
export type PageElement = NonNullable<ReturnType<typeof DomUtils.findOne>>;

type AnyChild = ReturnType<typeof DomUtils.getChildren>[number];

export function isPageElement(node: AnyChild): node is PageElement {
  return ElementType.isTag(node);
}

export function parsePage(html: string): PageDocument {
  // Tag and attribute names lower-cased as HTML does; entities decoded in text and attributes.
  return parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
}

export function attr(element: PageElement | null | undefined, name: string): string | null {
  if (!element) return null;
  const value = DomUtils.getAttributeValue(element, name);
  return value === undefined ? null : value;
}

export function tagName(element: PageElement): string {
  return DomUtils.getName(element).toLowerCase();
}

/** Text as a reader sees it: whitespace runs collapsed, trimmed; script and style content left out. */
export function textOf(node: PageElement | PageElement[] | null | undefined): string {
  if (!node) return '';
  const nodes = Array.isArray(node) ? node : [node];
  const parts: string[] = [];
  for (const element of nodes) {
    if (['script', 'style', 'noscript', 'template'].includes(tagName(element))) continue;
    for (const child of DomUtils.getChildren(element)) {
      if (child.type === ElementType.Text) parts.push(child.data);
      else if (isPageElement(child)) parts.push(textOf(child));
    }
    // Block boundaries read as spaces, so "<li>a</li><li>b</li>" is "a b", not "ab".
    parts.push(' ');
  }
  return collapse(parts.join(''));
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function findAll(root: PageDocument | PageElement, test: (element: PageElement) => boolean): PageElement[] {
  return DomUtils.findAll(test, [root]);
}

export function findOne(root: PageDocument | PageElement, test: (element: PageElement) => boolean): PageElement | null {
  return DomUtils.findOne(test, [root], true);
}

export function byId(root: PageDocument | PageElement, id: string): PageElement | null {
  return findOne(root, (element) => attr(element, 'id') === id);
}

export function hasClass(element: PageElement, name: string): boolean {
  return (attr(element, 'class') ?? '').split(/\s+/).includes(name);
}

export function children(element: PageElement): PageElement[] {
  return DomUtils.getChildren(element).filter(isPageElement);
}

/** Raw text inside an element (a script's JSON), without collapsing. */
export function rawText(element: PageElement): string {
  return DomUtils.textContent(element);
}

/** An absolute http(s) URL from an attribute value, resolved against the page; null for anything else (data:, javascript:). */
export function absoluteUrl(value: string | null | undefined, base: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

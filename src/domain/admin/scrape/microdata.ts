/**
 * HTML microdata (WHATWG "Microdata": itemscope, itemtype, itemprop) read from the DOM into the JSON-LD shape, so
 * the one schema.org reader serves both. A property's value follows the element: meta content, img src, a href,
 * time datetime, data/meter value, else its text (or a `content` attribute, which many shops put on spans).
 */
import { absoluteUrl, attr, children, findAll, tagName, textOf, type PageDocument, type PageElement } from './dom.ts';
import { productNodes, type SchemaNode } from './schema-org.ts';

const URL_PROPERTY_TAGS: Readonly<Record<string, string>> = {
  img: 'src',
  audio: 'src',
  video: 'src',
  source: 'src',
  embed: 'src',
  iframe: 'src',
  track: 'src',
  a: 'href',
  area: 'href',
  link: 'href',
  object: 'data',
};

function propertyValue(element: PageElement, base: string): string {
  const tag = tagName(element);
  if (tag === 'meta') return attr(element, 'content') ?? '';
  const urlAttribute = URL_PROPERTY_TAGS[tag];
  if (urlAttribute) return absoluteUrl(attr(element, urlAttribute), base) ?? attr(element, 'content') ?? '';
  if (tag === 'data' || tag === 'meter') return attr(element, 'value') ?? '';
  if (tag === 'time') return attr(element, 'datetime') ?? textOf(element);
  return attr(element, 'content') ?? textOf(element);
}

function addProperty(item: SchemaNode, name: string, value: unknown): void {
  const existing = item[name];
  if (existing === undefined) item[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else item[name] = [existing, value];
}

function collect(element: PageElement, item: SchemaNode, base: string, depth: number): void {
  for (const child of children(element)) {
    const names = (attr(child, 'itemprop') ?? '').split(/\s+/).filter(Boolean);
    const scoped = attr(child, 'itemscope') !== null;
    if (scoped) {
      // A nested item is a property's value when it has itemprop, else an item of its own: either way, not ours.
      if (names.length > 0 && depth < 8) for (const name of names) addProperty(item, name, readItem(child, base, depth + 1));
      continue;
    }
    for (const name of names) addProperty(item, name, propertyValue(child, base));
    collect(child, item, base, depth);
  }
}

function readItem(element: PageElement, base: string, depth: number): SchemaNode {
  const item: SchemaNode = {};
  const type = attr(element, 'itemtype');
  if (type) item['@type'] = type.trim().split(/\s+/);
  collect(element, item, base, depth);
  return item;
}

/** The page's microdata Product items in document order: top-level ones, and ones that are a property of another (a WebPage's mainEntity). */
export function microdataProducts(document: PageDocument, base: string): SchemaNode[] {
  return findAll(document, (element) => attr(element, 'itemscope') !== null && attr(element, 'itemprop') === null)
    .flatMap((element) => productNodes(readItem(element, base, 0)));
}

/**
 * A small element builder for the header's menus, which build their panels and drawers in the
 * browser: they only work with JavaScript, so their markup need not travel in every page's HTML.
 * Text is set as text, never parsed as HTML.
 */
type Child = Node | string | false | null | undefined;

export function element(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** An inline stroke icon (24 × 24, styled by global.css's .icon). */
export function icon(path: string, size: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', `icon ${size}`);
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  line.setAttribute('d', path);
  svg.append(line);
  return svg;
}

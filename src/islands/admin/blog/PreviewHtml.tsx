/**
 * Basic HTML an editor typed (a roundup's paragraphs and sections) shown in the post preview before the server has
 * sanitized it. It is parsed into an inert document (DOMParser runs no script and loads no image) and rebuilt as React
 * elements from an allowlist of text tags, keeping only a link's href with a safe scheme; any other element is
 * unwrapped to its text. So the preview shows the formatting the public page keeps, and no markup can act in the
 * admin panel (the server's sanitizer, src/server/html-sanitizer.ts, decides what is stored).
 */
import { createElement, type ReactNode } from 'react';

const KEPT_TAGS = new Set([
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'code', 'pre', 'blockquote',
  'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a',
]);
const VOID_TAGS = new Set(['br', 'hr']);
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;

function rebuild(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = [...element.childNodes].map((child, index) => rebuild(child, `${key}.${index}`));
  if (!KEPT_TAGS.has(tag)) return children;
  if (VOID_TAGS.has(tag)) return createElement(tag, { key });
  const href = tag === 'a' ? element.getAttribute('href')?.trim() : undefined;
  const props = href && SAFE_HREF.test(href) ? { key, href, rel: /^https?:/i.test(href) ? 'nofollow noopener' : undefined } : { key };
  return createElement(tag, props, ...children);
}

export default function PreviewHtml({ html, className }: { html: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <div className={className}>{[...body.childNodes].map((node, index) => rebuild(node, String(index)))}</div>;
}

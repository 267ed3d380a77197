/**
 * Basic HTML an editor typed (a roundup's paragraphs and sections) shown in the post preview before the server has
 * sanitized it. It is read by htmlparser2 (a parser in JavaScript: the markup never becomes DOM, so no handler, image
 * or script in it is ever seen by the browser, not even as a Content-Security-Policy report) and rebuilt as React
 * elements from an allowlist of text tags, keeping only a link's href with a safe scheme; any other element is
 * unwrapped to its text, and the content of script-like elements is dropped. So the preview shows the formatting the
 * public page keeps, and nothing typed can act in the admin panel (the server's sanitizer, src/server/html-sanitizer.ts,
 * decides what is stored).
 */
import { Parser } from 'htmlparser2';
import { createElement, type ReactNode } from 'react';

const KEPT_TAGS = new Set([
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'code', 'pre', 'blockquote',
  'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a',
]);
/** Elements whose content is not text a reader sees. */
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'textarea', 'title', 'select']);
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;

interface Frame {
  tag: string | null;
  props: { key: number; href?: string; rel?: string };
  dropped: boolean;
  children: ReactNode[];
}

/** The typed HTML as React nodes: allowed tags kept, the rest unwrapped. */
export function previewNodes(html: string): ReactNode[] {
  const root: Frame = { tag: null, props: { key: 0 }, dropped: false, children: [] };
  const stack: Frame[] = [root];
  let key = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack.at(-1)!;
        const href = name === 'a' ? attributes.href?.trim() : undefined;
        const props: Frame['props'] = { key: ++key };
        if (href && SAFE_HREF.test(href)) Object.assign(props, { href, rel: /^https?:/i.test(href) ? 'nofollow noopener' : undefined });
        stack.push({ tag: KEPT_TAGS.has(name) ? name : null, props, dropped: parent.dropped || DROPPED_TAGS.has(name), children: [] });
      },
      ontext(text) {
        const frame = stack.at(-1)!;
        if (!frame.dropped) frame.children.push(text);
      },
      onclosetag() {
        if (stack.length <= 1) return;
        const frame = stack.pop()!;
        const parent = stack.at(-1)!;
        if (frame.dropped) return;
        if (frame.tag) parent.children.push(createElement(frame.tag, frame.props, ...frame.children));
        else parent.children.push(...frame.children);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return root.children;
}

export default function PreviewHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{previewNodes(html)}</div>;
}

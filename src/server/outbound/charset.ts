/**
 * Turns body bytes into text with the page's declared charset (retailer pages are still sometimes ISO-8859-1 or
 * Shift_JIS). Order as in the HTML encoding sniffing algorithm, simplified: byte-order mark, the Content-Type
 * charset, a <meta> charset in the first 1024 bytes, else UTF-8.
 */

export function charsetOf(bytes: Uint8Array, contentType: string | undefined): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  const declared = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  if (declared && isKnown(declared)) return declared;
  // A byte-level prescan of the head only, like the HTML spec's meta prescan; it reads no HTML structure.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  if (meta && isKnown(meta)) return meta;
  return 'utf-8';
}

function isKnown(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

export function decodeText(bytes: Uint8Array, contentType: string | undefined): string {
  // TextDecoder strips a matching BOM and replaces invalid sequences with U+FFFD instead of throwing.
  return new TextDecoder(charsetOf(bytes, contentType)).decode(bytes);
}

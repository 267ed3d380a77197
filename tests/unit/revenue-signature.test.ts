import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  POSTBACK_TOKEN,
  canonicalParameters,
  hashPostbackToken,
  hmacSha256Hex,
  newPostbackToken,
  postbackTokenMatches,
  rfc3986,
  signParameters,
  signatureMatches,
} from '../../src/domain/revenue/signature.ts';

describe('postback tokens', () => {
  it('are 43 base64url characters (32 random bytes) and never repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newPostbackToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(POSTBACK_TOKEN);
  });

  it('are stored as their SHA-256 in hex, the same digest Node computes', () => {
    const token = newPostbackToken();
    expect(hashPostbackToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashPostbackToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('match their stored hash, and nothing else does', () => {
    const token = newPostbackToken();
    const stored = hashPostbackToken(token);
    expect(postbackTokenMatches(token, stored)).toBe(true);
    expect(postbackTokenMatches(token, stored.toUpperCase())).toBe(true);
    expect(postbackTokenMatches(`${token}x`, stored)).toBe(false);
    expect(postbackTokenMatches(token.slice(0, -1), stored)).toBe(false);
    expect(postbackTokenMatches('', stored)).toBe(false);
    expect(postbackTokenMatches(newPostbackToken(), stored)).toBe(false);
    expect(postbackTokenMatches(token, '')).toBe(false);
    expect(postbackTokenMatches(token, 'zz'.repeat(32))).toBe(false);
    expect(postbackTokenMatches(token, stored.slice(2))).toBe(false);
  });
});

describe('HMAC-SHA256 over the canonical parameters', () => {
  it('passes RFC 4231 test cases 1 and 2', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    const key = String.fromCharCode(...Array.from({ length: 20 }, () => 0x0b));
    expect(hmacSha256Hex(key, 'Hi There')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
  });

  it('encodes by RFC 3986: unreserved characters only stay', () => {
    expect(rfc3986("a b!*'()~._-é/&=")).toBe('a%20b%21%2A%27%28%29~._-%C3%A9%2F%26%3D');
  });

  it('sorts by name then value, drops the signature, and ignores the order parameters came in', () => {
    const a = canonicalParameters([['status', 'approved'], ['amount', '19.99'], ['sub id', 'x y'], ['signature', 'zz'], ['amount', '1.00']]);
    const b = canonicalParameters(new URLSearchParams('signature=qq&sub+id=x+y&amount=1.00&status=approved&amount=19.99'));
    expect(a).toBe('amount=1.00&amount=19.99&status=approved&sub%20id=x%20y');
    expect(b).toBe(a);
  });

  it('signs to a known answer, checked with Node’s HMAC', () => {
    const parameters: [string, string][] = [['order_id', 'A-1'], ['commission', '4.00'], ['click_id', 'AbCdEfGhIjKlMnOpQr_-0A']];
    const canonical = 'click_id=AbCdEfGhIjKlMnOpQr_-0A&commission=4.00&order_id=A-1';
    const expected = createHmac('sha256', 'postback-secret').update(canonical).digest('hex');
    expect(canonicalParameters(parameters)).toBe(canonical);
    expect(signParameters('postback-secret', parameters)).toBe(expected);
    expect(expected).toBe(hmacSha256Hex('postback-secret', canonical));
  });

  it('accepts the right signature in either case and refuses a wrong, tampered, short or missing one', () => {
    const parameters: [string, string][] = [['order_id', 'A-1'], ['commission', '4.00']];
    const signature = signParameters('s3cret', parameters);
    expect(signatureMatches('s3cret', [...parameters, ['signature', signature]], signature)).toBe(true);
    expect(signatureMatches('s3cret', parameters, signature.toUpperCase())).toBe(true);
    expect(signatureMatches('other', parameters, signature)).toBe(false);
    expect(signatureMatches('s3cret', [['order_id', 'A-1'], ['commission', '40.00']], signature)).toBe(false);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(signatureMatches('s3cret', parameters, flipped)).toBe(false);
    expect(signatureMatches('s3cret', parameters, signature.slice(0, 32))).toBe(false);
    expect(signatureMatches('s3cret', parameters, 'not hex at all')).toBe(false);
    expect(signatureMatches('s3cret', parameters, null)).toBe(false);
    expect(signatureMatches('s3cret', parameters, '')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parsePostback } from '../../src/domain/revenue/postback.ts';
import { postbackBodyKind, postbackPairs, postbackRateLimitRule } from '../../src/domain/revenue/postback-request.ts';

describe('postbackBodyKind', () => {
  it.each([
    ['application/x-www-form-urlencoded', true, 'form'],
    ['Application/X-WWW-Form-Urlencoded; charset=UTF-8', true, 'form'],
    ['application/json', true, 'json'],
    ['application/vnd.network+json', true, 'json'],
    ['text/plain', true, 'unsupported'],
    ['multipart/form-data; boundary=x', true, 'unsupported'],
    [null, true, 'unsupported'],
    [null, false, 'none'],
  ] as const)('%s (body: %s) is %s', (contentType, hasBody, kind) => {
    expect(postbackBodyKind(contentType, hasBody)).toBe(kind);
  });
});

describe('postbackPairs', () => {
  const query = new URLSearchParams('SubId1=abc&ActionId=1');

  it('keeps the query first, then the body, in the order sent, repeats included', () => {
    expect(postbackPairs(query, { kind: 'form', text: 'Payout=1.50&ActionId=1' })).toEqual({
      ok: true,
      pairs: [
        ['SubId1', 'abc'],
        ['ActionId', '1'],
        ['Payout', '1.50'],
        ['ActionId', '1'],
      ],
    });
  });

  it('turns JSON scalars into text and leaves out nulls', () => {
    expect(postbackPairs(new URLSearchParams(), { kind: 'json', value: { a: 1.5, b: true, c: null, d: 'x' } })).toEqual({
      ok: true,
      pairs: [
        ['a', '1.5'],
        ['b', 'true'],
        ['d', 'x'],
      ],
    });
  });

  it('keeps a parameter called __proto__ as a parameter', () => {
    const value = JSON.parse('{"__proto__":"x","transaction_id":"T"}') as unknown;
    expect(postbackPairs(new URLSearchParams(), { kind: 'json', value })).toEqual({ ok: true, pairs: [['__proto__', 'x'], ['transaction_id', 'T']] });
  });

  it.each([[[]], ['text'], [42], [null]])('refuses a JSON body that is not one object: %j', (value) => {
    expect(postbackPairs(query, { kind: 'json', value })).toEqual({ ok: false, error: { field: 'parameters', message: 'The postback must be an object of at most 200 parameters.' } });
  });

  it('refuses nested values instead of flattening them', () => {
    expect(postbackPairs(query, { kind: 'json', value: { transaction_id: { $gt: '' } } })).toEqual({
      ok: false,
      error: { field: 'parameters', message: 'The parameter transaction_id is not a single value.' },
    });
  });

  it('refuses more than 200 parameters in all', () => {
    const body = Array.from({ length: 199 }, (_, index) => `p${index}=1`).join('&');
    expect(postbackPairs(query, { kind: 'form', text: body }).ok).toBe(false);
    expect(postbackPairs(new URLSearchParams('a=1'), { kind: 'form', text: body }).ok).toBe(true);
  });

  it('gives parsePostback what the network sent, query and body together', () => {
    const pairs = postbackPairs(new URLSearchParams('click_id=c-1'), { kind: 'json', value: { transaction_id: 'T-1', commission: 2, status: 'approved' } });
    if (!pairs.ok) throw new Error('pairs refused');
    expect(parsePostback('generic', new URLSearchParams(pairs.pairs))).toMatchObject({ ok: true, value: { clickId: 'c-1', transactionId: 'T-1', commissionCents: 200, status: 'approved' } });
  });
});

describe('postbackRateLimitRule', () => {
  it('counts each network apart', () => {
    expect(postbackRateLimitRule('impact').name).not.toBe(postbackRateLimitRule('awin').name);
    expect(postbackRateLimitRule('impact')).toMatchObject({ max: 600, windowMs: 60_000 });
  });
});

import { describe, expect, it } from 'vitest';
import { parseMoneyCents } from '../../src/domain/revenue/money.ts';
import { parsePostback, type PostbackNetwork } from '../../src/domain/revenue/postback.ts';

const cents = (text: string) => {
  const result = parseMoneyCents(text);
  return result.ok ? result.cents : result.reason;
};

describe('money is parsed into integer cents exactly', () => {
  it.each([
    ['19.99', 1999],
    ['0.1', 10],
    ['0.29', 29],
    ['1,234.50', 123450],
    ['1234.5', 123450],
    ['1,234,567.01', 123456701],
    ['007', 700],
    ['-4.10', -410],
    ['+3', 300],
    ['-0.00', 0],
    ['1.6400', 164],
    [' 5.00 ', 500],
    ['9999999.99', 999999999],
  ])('%s → %s', (text, expected) => {
    expect(cents(text)).toBe(expected);
  });

  it.each([
    ['', 'is empty'],
    ['   ', 'is empty'],
    ['$19.99', 'is not an amount like 19.99 or 1,234.50'],
    ['19,99', 'is not an amount like 19.99 or 1,234.50'],
    ['1.234,50', 'is not an amount like 19.99 or 1,234.50'],
    ['1,23.00', 'is not an amount like 19.99 or 1,234.50'],
    ['1e3', 'is not an amount like 19.99 or 1,234.50'],
    ['NaN', 'is not an amount like 19.99 or 1,234.50'],
    ['1.', 'is not an amount like 19.99 or 1,234.50'],
    ['.5', 'is not an amount like 19.99 or 1,234.50'],
    ['--1', 'is not an amount like 19.99 or 1,234.50'],
    ['0.125', 'has fractions of a cent'],
    ['10000000', 'is too large'],
    ['9999999999999.99', 'is too large'],
  ])('%j is refused: %s', (text, reason) => {
    expect(cents(text)).toBe(reason);
  });
});

function ok(network: PostbackNetwork, input: URLSearchParams | unknown) {
  const result = parsePostback(network, input);
  if (!result.ok) throw new Error(`expected a conversion, got ${JSON.stringify(result.error)}`);
  return result.value;
}
function error(network: PostbackNetwork, input: URLSearchParams | unknown) {
  const result = parsePostback(network, input);
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('each network’s parameters map to one conversion', () => {
  it('Impact: SubId1, ActionId, Amount, Payout, Currency, Status (GET query)', () => {
    const query = new URLSearchParams('SubId1=click-1&ActionId=19816.4610.123&Amount=1,234.50&Payout=61.73&Currency=usd&Status=APPROVED');
    expect(ok('impact', query)).toEqual({
      clickId: 'click-1',
      transactionId: '19816.4610.123',
      saleAmountCents: 123450,
      commissionCents: 6173,
      currency: 'USD',
      status: 'approved',
    });
  });

  it('Awin: clickRef, transactionId, transactionAmount, commission, transactionStatus (POST JSON, numbers as numbers)', () => {
    expect(ok('awin', { clickRef: 'c2', transactionId: 778, transactionAmount: 19.99, commission: 1.64, transactionCurrency: 'usd', transactionStatus: 'declined' })).toEqual({
      clickId: 'c2',
      transactionId: '778',
      saleAmountCents: 1999,
      commissionCents: 164,
      currency: 'USD',
      status: 'reversed',
    });
  });

  it('Rakuten: u1, order_id, sale_amount, commissions; a negative amount without a status is a reversal', () => {
    expect(ok('rakuten', new URLSearchParams('u1=c3&order_id=A-1&sale_amount=-50.00&commissions=-2.50'))).toMatchObject({
      clickId: 'c3',
      transactionId: 'A-1',
      saleAmountCents: -5000,
      commissionCents: -250,
      currency: 'USD',
      status: 'reversed',
    });
    expect(ok('rakuten', new URLSearchParams('u1=c3&order_id=A-1&sale_amount=50&commissions=2.5')).status).toBe('pending');
  });

  it('CJ: sid, commission-id, sale-amount, commission-amount and action-status', () => {
    const base = 'sid=c4&commission-id=2500012345&sale-amount=80.00&commission-amount=4.00&action-status=';
    expect(ok('cj', new URLSearchParams(`${base}new`))).toMatchObject({ clickId: 'c4', transactionId: '2500012345', commissionCents: 400, status: 'pending' });
    expect(ok('cj', new URLSearchParams(`${base}extended`)).status).toBe('pending');
    expect(ok('cj', new URLSearchParams(`${base}locked`)).status).toBe('approved');
    expect(ok('cj', new URLSearchParams(`${base}closed`)).status).toBe('approved');
    expect(ok('cj', new URLSearchParams('sid=c4&commission-id=1&commission-amount=-4.00&action-status=corrected')).status).toBe('reversed');
  });

  it('Partnerize: publisher_reference, conversion_id, value, commission, status', () => {
    const query = new URLSearchParams('publisher_reference=c5&conversion_id=111l2&value=30&commission=3.00&currency=USD&status=rejected');
    expect(ok('partnerize', query)).toEqual({ clickId: 'c5', transactionId: '111l2', saleAmountCents: 3000, commissionCents: 300, currency: 'USD', status: 'reversed' });
    expect(ok('partnerize', new URLSearchParams('pubref=c5&conversion_id=1&commission=1&status=approved')).status).toBe('approved');
  });

  it('generic: common names and status words', () => {
    expect(ok('generic', { click_id: 'c6', order_id: 'o-9', amount: '10', commission: '1', status: 'Confirmed' })).toMatchObject({
      clickId: 'c6',
      transactionId: 'o-9',
      status: 'approved',
    });
    for (const word of ['declined', 'rejected', 'cancelled', 'refunded', 'reversed']) {
      expect(ok('generic', { transaction_id: 't', commission: '0', status: word }).status).toBe('reversed');
    }
  });
});

describe('status vocabularies are per network and never guessed', () => {
  it.each([
    ['impact', 'declined'],
    ['awin', 'rejected'],
    ['cj', 'approved'],
    ['partnerize', 'declined'],
    ['generic', 'maybe'],
    // Object.prototype members are not statuses: a bare index would read them as one and the write would throw.
    ['generic', 'constructor'],
    ['impact', 'Constructor'],
    ['awin', 'hasOwnProperty'],
  ] as const)('%s refuses %s', (network, word) => {
    const input = { SubId1: 'c', ActionId: 't', Payout: '1', clickRef: 'c', transactionId: 't', commission: '1', sid: 'c', 'commission-id': 't', 'commission-amount': '1', conversion_id: 't', status: word, transactionStatus: word, 'action-status': word };
    expect(error(network, input).field).toBe('status');
  });
});

describe('hostile or malformed postbacks are typed errors, never exceptions', () => {
  it.each([
    ['a string', 'hello'],
    ['null', null],
    ['an array', [1, 2]],
    ['a nested object value', { ActionId: { $gt: '' }, Payout: '1' }],
    ['an array value', { ActionId: ['a', 'b'], Payout: '1' }],
    ['a huge value', { ActionId: 'x'.repeat(5000), Payout: '1' }],
    ['too many parameters', Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`p${index}`, '1']))],
  ])('%s', (_label, input) => {
    expect(() => parsePostback('impact', input)).not.toThrow();
    expect(parsePostback('impact', input).ok).toBe(false);
  });

  it('names the field: missing transaction id, missing commission, bad money, bad currency, bad ids', () => {
    expect(error('impact', new URLSearchParams('Payout=1'))).toEqual({ field: 'transactionId', message: 'The transaction id is missing.' });
    expect(error('impact', new URLSearchParams('ActionId=1'))).toEqual({ field: 'commission', message: 'The commission is missing.' });
    expect(error('impact', new URLSearchParams('ActionId=1&Payout=1.2.3'))).toEqual({ field: 'commission', message: 'The commission is not an amount like 19.99 or 1,234.50.' });
    expect(error('impact', new URLSearchParams('ActionId=1&Payout=1&Amount=0.001'))).toEqual({ field: 'saleAmount', message: 'The sale amount has fractions of a cent.' });
    expect(error('impact', new URLSearchParams('ActionId=1&Payout=1&Currency=dollars')).field).toBe('currency');
    expect(error('impact', new URLSearchParams('ActionId=a b&Payout=1')).field).toBe('transactionId');
    expect(error('impact', new URLSearchParams(`ActionId=1&Payout=1&SubId1=${'c'.repeat(129)}`)).field).toBe('clickId');
    expect(error('impact', new URLSearchParams('ActionId=1&Payout=-1&Status=Approved'))).toEqual({ field: 'commission', message: 'A negative amount is only accepted for a reversal.' });
  });

  it('refuses one parameter given twice with different values, accepts it twice with the same', () => {
    expect(error('impact', new URLSearchParams('ActionId=1&Payout=1&Payout=2')).field).toBe('parameters');
    expect(error('impact', { ActionId: '1', Payout: '1', payout: '2' }).field).toBe('parameters');
    expect(ok('impact', new URLSearchParams('ActionId=1&Payout=1&payout=1')).commissionCents).toBe(100);
  });

  it('never reads a value through __proto__ or inherited properties', () => {
    const input = JSON.parse('{"__proto__": {"ActionId": "evil"}, "Payout": "1"}') as unknown;
    expect(parsePostback('impact', input).ok).toBe(false);
    expect(ok('impact', new URLSearchParams('__proto__=x&ActionId=1&Payout=1')).transactionId).toBe('1');
    expect(error('impact', { constructor: 'x', Payout: '1' }).field).toBe('transactionId');
  });

  it('treats a macro the network left unfilled as absent: no click id means unattributed', () => {
    expect(ok('impact', new URLSearchParams('SubId1={SubId1}&ActionId=1&Payout=1')).clickId).toBeNull();
    expect(ok('awin', new URLSearchParams('clickRef=!!!clickRef!!!&transactionId=1&commission=1')).clickId).toBeNull();
    expect(ok('impact', new URLSearchParams('ActionId=1&Payout=0')).clickId).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { macrosDocumented, postbackUrlTemplate, revenueNetworkParamSchema, revenueNetworkWriteInputSchema } from '../../src/domain/admin/revenue-networks.ts';
import { parsePostback, postbackNetworks, POSTBACK_MAPPINGS } from '../../src/domain/revenue/postback.ts';

const site = 'https://repwell.example';

describe('postbackUrlTemplate', () => {
  it("writes Impact's macros as {Name}, with the token placeholder by default", () => {
    expect(postbackUrlTemplate(site, 'impact')).toBe(
      'https://repwell.example/api/conversions/impact/{token}?SubId1={SubId1}&ActionId={ActionId}&Amount={Amount}&Payout={Payout}&Currency={Currency}&Status={Status}',
    );
  });

  it("writes Awin's placeholders as !!!name!!!", () => {
    expect(postbackUrlTemplate(site, 'awin', 'TOKEN')).toBe(
      'https://repwell.example/api/conversions/awin/TOKEN?clickRef=!!!clickRef!!!&transactionId=!!!transactionId!!!&transactionAmount=!!!transactionAmount!!!&commission=!!!commission!!!&transactionCurrency=!!!transactionCurrency!!!&transactionStatus=!!!transactionStatus!!!',
    );
  });

  it('ignores a trailing slash on the site URL', () => {
    expect(postbackUrlTemplate(`${site}/`, 'cj', 't').startsWith('https://repwell.example/api/conversions/cj/t?sid={sid}&commission-id={commission-id}')).toBe(true);
  });

  it.each(postbackNetworks)('%s: each field under the first name its mapping reads', (network) => {
    const url = new URL(postbackUrlTemplate(site, network, 'T'));
    const mapping = POSTBACK_MAPPINGS[network];
    expect([...url.searchParams.keys()]).toEqual([mapping.clickId[0], mapping.transactionId[0], mapping.saleAmount[0], mapping.commission[0], mapping.currency[0], mapping.status[0]]);
  });

  it.each(postbackNetworks)('%s: the template with its macros unfilled reads as a postback missing its transaction id, not as values', (network) => {
    // The parser treats an unreplaced macro as absent, so a network that fills nothing cannot store a conversion.
    expect(parsePostback(network, new URL(postbackUrlTemplate(site, network, 'T')).searchParams)).toMatchObject({ ok: false, error: { field: 'transactionId' } });
  });

  it('says whose macro syntax is documented', () => {
    expect(postbackNetworks.filter(macrosDocumented)).toEqual(['impact', 'awin']);
  });
});

describe('request schemas', () => {
  it('accepts only the six network names', () => {
    expect(revenueNetworkParamSchema.safeParse('impact').success).toBe(true);
    expect(revenueNetworkParamSchema.safeParse('shareasale').success).toBe(false);
    expect(revenueNetworkParamSchema.safeParse('__proto__').success).toBe(false);
  });

  it('takes no input for a token or secret: the server makes them', () => {
    expect(revenueNetworkWriteInputSchema.safeParse({}).success).toBe(true);
    expect(revenueNetworkWriteInputSchema.safeParse({ token: 'chosen' }).success).toBe(false);
  });
});

/** The daily link health e-mail's words: one line per problem in the badge's words, names that cannot break lines. */
import { describe, expect, it } from 'vitest';
import { composeDigestEmail, digestSubject } from '../../src/domain/admin/link-health/digest.ts';

describe('the link health digest', () => {
  it('lists each new problem with its label, product and link, and where to act on them', () => {
    const email = composeDigestEmail(
      [
        { productId: 1, productName: 'Foam Roller', class: 'not-found', url: 'https://shop.example/roller' },
        { productId: 2, productName: 'Yoga Mat', class: 'out-of-stock', url: 'https://shop.example/mat' },
      ],
      { from: 'site@repwell.example', to: 'owner@repwell.example' },
      'https://repwell.example',
      '2026-11-27',
    );
    expect(email.subject).toBe('Repwell link health: 2 new problems');
    expect(email.to).toBe('owner@repwell.example');
    expect(email.text).toContain('- Broken: Foam Roller\n  https://shop.example/roller');
    expect(email.text).toContain('- Out of stock: Yoga Mat\n  https://shop.example/mat');
    expect(email.text).toContain('https://repwell.example/dashboard/manage?health=problem');
  });

  it('keeps a hostile product name on its own line', () => {
    const email = composeDigestEmail(
      [{ productId: 1, productName: 'Roller\r\nBcc: victim@example.com\u2028x', class: 'soft-not-found', url: 'https://shop.example/a' }],
      { from: 'a@example.com', to: 'b@example.com' },
      'https://repwell.example',
      '2026-11-27',
    );
    expect(email.text).toContain('- Broken: Roller Bcc: victim@example.com x\n');
    expect(digestSubject(1)).toBe('Repwell link health: 1 new problem');
  });
});

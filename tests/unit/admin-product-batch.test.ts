/** Multi-Product's outcome toasts (spec section 8) and request limits (issue 10, point 4). */
import { describe, expect, it } from 'vitest';
import { batchOutcomeToast, batchRequestFailedToast, batchRequestSchema, batchTexts } from '../../src/domain/admin/product-batch.ts';

describe('batchOutcomeToast', () => {
  it('completes with the counts when all were created', () => {
    expect(batchOutcomeToast(3, 0)).toEqual({ title: 'Batch creation completed', description: '3 products created successfully, 0 failed', variant: 'success' });
  });

  it('is destructive when any failed', () => {
    expect(batchOutcomeToast(2, 1)).toEqual({ title: 'Batch creation completed', description: '2 products created successfully, 1 failed', variant: 'error' });
  });

  it('fails when none was created', () => {
    expect(batchOutcomeToast(0, 2)).toEqual({ title: 'Batch creation failed', description: '0 products created successfully, 2 failed', variant: 'error' });
  });

  it('fails when the request failed', () => {
    expect(batchRequestFailedToast('Please check your connection and try again.')).toEqual({
      title: 'Batch creation failed',
      description: 'Please check your connection and try again.',
      variant: 'error',
    });
  });
});

describe('batchRequestSchema', () => {
  it('takes 1 to 50 entries', () => {
    expect(batchRequestSchema.safeParse({ products: [] }).error?.issues[0]?.message).toBe(batchTexts.empty);
    expect(batchRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(batchTexts.empty);
    expect(batchRequestSchema.safeParse({ products: Array.from({ length: 51 }, () => ({})) }).error?.issues[0]?.message).toBe(batchTexts.tooMany);
    expect(batchRequestSchema.safeParse({ products: Array.from({ length: 50 }, () => ({})) }).success).toBe(true);
  });
});

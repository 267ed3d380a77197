import { describe, expect, it } from 'vitest';
import { conversionTransition, type ConversionFigures } from '../../src/domain/revenue/conversion-state.ts';
import { conversionStatuses } from '../../src/domain/revenue/postback.ts';

const pending = (amountCents: number, commissionCents: number): ConversionFigures => ({ status: 'pending', amountCents, commissionCents });
const approved = (amountCents: number, commissionCents: number): ConversionFigures => ({ status: 'approved', amountCents, commissionCents });
const reversed = (amountCents: number, commissionCents: number): ConversionFigures => ({ status: 'reversed', amountCents, commissionCents });

type Row = [label: string, stored: ConversionFigures | null, report: ConversionFigures, write: string, count: number, revenue: number, next: ConversionFigures | null];

const table: Row[] = [
  ['new pending', null, pending(10000, 500), 'insert', 1, 500, pending(10000, 500)],
  ['new approved', null, approved(10000, 500), 'insert', 1, 500, approved(10000, 500)],
  ['new reversed is stored but adds nothing', null, reversed(10000, 500), 'insert', 0, 0, reversed(10000, 500)],
  ['new zero-commission approved counts the conversion', null, approved(0, 0), 'insert', 1, 0, approved(0, 0)],
  ['repeat pending', pending(10000, 500), pending(10000, 500), 'none', 0, 0, pending(10000, 500)],
  ['repeat approved', approved(10000, 500), approved(10000, 500), 'none', 0, 0, approved(10000, 500)],
  ['repeat reversed', reversed(10000, 500), reversed(10000, 500), 'none', 0, 0, reversed(10000, 500)],
  ['pending → approved, same amount', pending(10000, 500), approved(10000, 500), 'update', 0, 0, approved(10000, 500)],
  ['pending → approved, higher commission: the difference', pending(10000, 500), approved(12000, 600), 'update', 0, 100, approved(12000, 600)],
  ['pending → approved, lower commission: the difference', pending(10000, 500), approved(8000, 400), 'update', 0, -100, approved(8000, 400)],
  ['pending → pending with a new amount', pending(10000, 500), pending(9000, 450), 'update', 0, -50, pending(9000, 450)],
  ['approved → approved with a new amount', approved(10000, 500), approved(10000, 550), 'update', 0, 50, approved(10000, 550)],
  ['approved → reversed subtracts', approved(10000, 500), reversed(10000, 500), 'update', -1, -500, reversed(10000, 500)],
  ['pending → reversed subtracts', pending(10000, 500), reversed(10000, 500), 'update', -1, -500, reversed(10000, 500)],
  ['approved → reversed sent as negative amounts keeps what was lost', approved(10000, 500), reversed(-10000, -500), 'update', -1, -500, reversed(10000, 500)],
  ['approved → reversed sent with zero amounts keeps what was lost', approved(10000, 500), reversed(0, 0), 'update', -1, -500, reversed(10000, 500)],
  ['reversed → reversed again as negative amounts changes nothing', reversed(10000, 500), reversed(-10000, -500), 'none', 0, 0, reversed(10000, 500)],
  ['reversed → approved adds it back', reversed(10000, 500), approved(10000, 500), 'update', 1, 500, approved(10000, 500)],
  ['approved → pending (a late retry) is ignored', approved(10000, 500), pending(10000, 400), 'none', 0, 0, approved(10000, 500)],
  ['reversed → pending (a late retry) is ignored', reversed(10000, 500), pending(10000, 500), 'none', 0, 0, reversed(10000, 500)],
];

describe('the conversion transition table', () => {
  it.each(table)('%s', (_label, stored, report, write, count, revenue, next) => {
    expect(conversionTransition(stored, report)).toEqual({ write, next, conversionCount: count, revenueCents: revenue });
  });
});

describe('properties over every pair of states', () => {
  const states: ConversionFigures[] = conversionStatuses.flatMap((status) =>
    [0, 400, 500].map((commissionCents) => ({ status, amountCents: commissionCents * 20, commissionCents })),
  );

  it('applying a report twice is the same as applying it once', () => {
    for (const stored of [null, ...states]) {
      for (const report of states) {
        const first = conversionTransition(stored, report);
        const second = conversionTransition(first.next, report);
        expect(second).toMatchObject({ write: 'none', conversionCount: 0, revenueCents: 0 });
      }
    }
  });

  it('the running totals always equal what the final row contributes', () => {
    for (const a of states) {
      for (const b of states) {
        for (const c of states) {
          let count = 0;
          let revenue = 0;
          let row: ConversionFigures | null = null;
          for (const report of [a, b, c]) {
            const delta = conversionTransition(row, report);
            count += delta.conversionCount;
            revenue += delta.revenueCents;
            row = delta.next;
          }
          const live = row !== null && row.status !== 'reversed';
          expect(count).toBe(live ? 1 : 0);
          expect(revenue).toBe(live ? row!.commissionCents : 0);
        }
      }
    }
  });
});

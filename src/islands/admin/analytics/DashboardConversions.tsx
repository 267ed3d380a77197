/** A list of conversions (a product's recent ones, or the unattributed ones), with an optional action per row. */
import type { ReactNode } from 'react';
import type { ConversionListRow } from '../../../domain/admin/analytics.ts';
import { formatDateTime } from '../format.ts';
import { formatCents } from './DashboardFormat.ts';
import { tableScroll } from '../ui/dialog-frame.tsx';

export default function DashboardConversions({ caption, rows, action }: { caption: string; rows: readonly ConversionListRow[]; action?: (row: ConversionListRow) => ReactNode }) {
  return (
    <div className={tableScroll}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className="px-2 py-2 text-left">When</th>
            <th scope="col" className="px-2 py-2 text-left">Network</th>
            <th scope="col" className="px-2 py-2 text-left">Transaction</th>
            <th scope="col" className="px-2 py-2 text-left">Status</th>
            <th scope="col" className="px-2 py-2 text-left">Page</th>
            <th scope="col" className="px-2 py-2 text-right">Sale</th>
            <th scope="col" className="px-2 py-2 text-right">Commission</th>
            {action ? <th scope="col" className="px-2 py-2 text-right">Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={action ? 8 : 7} className="px-2 py-4 text-center text-ink-muted">
                No conversions.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="border-b border-line/60">
                <td className="px-2 py-2">{formatDateTime(new Date(row.occurredAt))}</td>
                <td className="px-2 py-2">{row.network}</td>
                <th scope="row" className="px-2 py-2 text-left font-normal">{row.transactionId}</th>
                <td className="px-2 py-2">{row.status}</td>
                <td className="px-2 py-2">{row.pagePath ?? '—'}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatCents(row.saleCents)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{formatCents(row.commissionCents)}</td>
                {action ? <td className="px-2 py-2 text-right">{action(row)}</td> : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

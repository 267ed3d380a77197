/**
 * Conversions without a product, to reconcile (issue 14, point 5): 'Assign product' searches products by name and
 * gives the conversion one, once (the server answers 409 if someone else was faster).
 */
import { useState, type FormEvent } from 'react';
import { analyticsTexts, type ConversionListRow } from '../../../domain/admin/analytics.ts';
import { pageCount } from '../../../domain/admin/product-list.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { Pager } from '../imports/Pager.tsx';
import { productListApi } from '../products/product-list-api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { analyticsApi, analyticsKeys } from './analytics-api.ts';
import DashboardConversions from './DashboardConversions.tsx';
import DashboardExport from './DashboardExport.tsx';
import { QueryOutcome } from './QueryOutcome.tsx';

function AssignForm({ conversion, onDone }: { conversion: ConversionListRow; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'analytics', 'assign-search', search],
    queryFn: () => productListApi.list({ search, page: 1, pageSize: 25, sort: 'name', dir: 'asc' }),
    enabled: search !== '',
  });
  const assign = useMutation({
    mutationFn: (productId: number) => analyticsApi.assign(conversion.id, productId),
    onSuccess: () => {
      toast({ title: 'Product assigned', description: `Conversion ${conversion.transactionId} now counts for the product.`, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      onDone();
    },
    onError: (error) => toastApiError(error, analyticsTexts.assignFailed),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(term.trim());
  };
  return (
    <div className="space-y-2 rounded-lg border border-line p-3 text-left">
      <form role="search" onSubmit={submit} className="flex items-end gap-2">
        <label className="flex-1 text-sm">
          <span className={ui.label}>Product name</span>
          <input value={term} onChange={(event) => setTerm(event.target.value)} className={`${ui.input} h-9`} />
        </label>
        <button type="submit" className={`${ui.secondaryButton} h-9`}>
          Search
        </button>
        <button type="button" className={`${ui.secondaryButton} h-9`} onClick={onDone}>
          Cancel
        </button>
      </form>
      {found.isFetching ? <p role="status">Loading…</p> : null}
      {found.data ? (
        found.data.rows.length === 0 ? (
          <p className="text-ink-muted">No products match.</p>
        ) : (
          <ul aria-label="Matching products" className="max-h-48 space-y-1 overflow-auto">
            {found.data.rows.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-2">
                <span>{product.name}</span>
                <button type="button" className={`${ui.secondaryButton} h-8 px-3 text-xs`} disabled={assign.isPending} onClick={() => assign.mutate(product.id)}>
                  Assign to {product.name}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

export default function DashboardUnattributed() {
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<number | null>(null);
  const result = useQuery({ queryKey: analyticsKeys.unattributed(page), queryFn: () => analyticsApi.unattributed(page), placeholderData: (previous) => previous });
  return (
    <section aria-labelledby="analytics-unattributed" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="analytics-unattributed" className="text-lg font-semibold">
          Unattributed conversions
        </h3>
        <DashboardExport query="table=unattributed" />
      </div>
      <p className="text-sm text-ink-muted">Every conversion no product could be found for, whatever its day, newest first.</p>
      <QueryOutcome result={result}>
        {(data) => (
        <>
          <DashboardConversions
            caption="Unattributed conversions"
            rows={data.rows}
            action={(row) =>
              assigning === row.id ? (
                <AssignForm conversion={row} onDone={() => setAssigning(null)} />
              ) : (
                <button type="button" className={`${ui.secondaryButton} h-8 px-3 text-xs`} onClick={() => setAssigning(row.id)}>
                  Assign product<span className="sr-only"> to {row.transactionId}</span>
                </button>
              )
            }
          />
          <Pager label="Unattributed conversions pages" page={page} pages={pageCount(data.total, data.pageSize)} onPage={setPage} />
        </>
        )}
      </QueryOutcome>
    </section>
  );
}

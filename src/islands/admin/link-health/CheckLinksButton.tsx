/**
 * Manage's 'Check links' bulk action (issue 13, point 2): checks the selection, or every product matching the filters,
 * now. The toast says how many links were sent; the health column then refreshes as the results arrive.
 */
import { linkHealthTexts } from '../../../domain/admin/link-health/api.ts';
import { productCountLabel, type ProductListQuery } from '../../../domain/admin/product-list.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation } from '../query.ts';
import { linkHealthApi } from './link-health-api.ts';
import { runProgressLabel, useLinkCheckRun } from './use-link-check-run.ts';

export interface CheckLinksButtonProps {
  /** The selected ids, or the list's query when every matching product is selected. */
  target: { ids: number[] } | { allMatching: ProductListQuery };
  disabled: boolean;
}

export default function CheckLinksButton({ target, disabled }: CheckLinksButtonProps) {
  const run = useLinkCheckRun();
  const start = useMutation({
    // One request and one run, however many products match: the server reads the matching ids.
    mutationFn: async () => (await linkHealthApi.check(target)).run,
    onSuccess: (started) => {
      toast({
        title: 'Link check started',
        description: `Checking the links of ${productCountLabel(started.total)}. The Link health column updates as results arrive.`,
        variant: 'success',
      });
      run.follow(started.id);
    },
    onError: (error) => toastApiError(error, linkHealthTexts.checkFailed),
  });
  const shown = start.isPending || run.active || run.run !== null;
  return (
    <>
      <button type="button" className={`${ui.secondaryButton} h-9 px-3`} disabled={disabled || start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? 'Starting…' : 'Check links'}
      </button>
      {shown && (
        <span role="status" className="text-sm text-ink-muted">
          {run.run ? runProgressLabel(run.run) : 'Checking links…'}
        </span>
      )}
    </>
  );
}

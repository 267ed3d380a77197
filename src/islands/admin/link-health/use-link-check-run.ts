/**
 * Follows the link check run this screen started until it finishes: while it goes, GET /api/admin/link-health?run=id
 * is asked every couple of seconds, and every answer refreshes the products lists, so each result shows in the health
 * column as the checker stores it. The progress is that run's own ('Checking links: 12 of 40 done…', counted per
 * stored check), never another open run's; it ends at 'n of n' when the run finishes, and polling stops.
 */
import { useEffect, useState } from 'react';
import type { LinkCheckRunSummary } from '../../../domain/admin/link-health/api.ts';
import { useQuery, useQueryClient } from '../query.ts';
import { productListKeys } from '../products/product-list-api.ts';
import { ACTIVE_RUN_POLL_MS, linkHealthApi, linkHealthKeys } from './link-health-api.ts';

/** 'Checking links: 3 of 40 done…' while it runs, 'Checked 40 of 40 links.' once finished. */
export function runProgressLabel(run: Pick<LinkCheckRunSummary, 'checked' | 'total' | 'finishedAt'>): string {
  return run.finishedAt ? `Checked ${run.checked} of ${run.total} links.` : `Checking links: ${run.checked} of ${run.total} done…`;
}

export function useLinkCheckRun() {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<number>();
  const [finished, setFinished] = useState<LinkCheckRunSummary>();
  const progress = useQuery({
    queryKey: linkHealthKeys.run(runId ?? 0),
    queryFn: () => linkHealthApi.followRun(runId!),
    enabled: runId !== undefined,
    refetchInterval: runId === undefined ? false : ACTIVE_RUN_POLL_MS,
  });

  const { data, dataUpdatedAt } = progress;
  useEffect(() => {
    if (runId === undefined || !data) return;
    void queryClient.invalidateQueries({ queryKey: productListKeys.all });
    const run = data.followedRun;
    if (!run || run.finishedAt) {
      setFinished(run ?? undefined);
      setRunId(undefined);
      void queryClient.invalidateQueries({ queryKey: linkHealthKeys.all });
    }
  }, [data, dataUpdatedAt, runId, queryClient]);

  return {
    /** Call with the run the check request answered with: it is stored by then. */
    follow: (id: number) => {
      setFinished(undefined);
      setRunId(id);
    },
    active: runId !== undefined,
    /** The followed run while it goes, then the finished run until another is started. */
    run: runId !== undefined ? (data?.followedRun ?? null) : (finished ?? null),
  };
}

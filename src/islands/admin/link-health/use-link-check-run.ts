/**
 * Follows on-demand link checks until they finish: while one is going, GET /api/admin/link-health is asked every
 * couple of seconds (its activeRun), and every answer refreshes the products lists, so each result shows in the
 * health column as the checker stores it. Polling stops once no run is active.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '../query.ts';
import { productListKeys } from '../products/product-list-api.ts';
import { ACTIVE_RUN_POLL_MS, linkHealthApi, linkHealthKeys } from './link-health-api.ts';

export function useLinkCheckRun() {
  const queryClient = useQueryClient();
  // When the last run was started here; undefined while nothing is being followed.
  const [since, setSince] = useState<number>();
  const progress = useQuery({
    queryKey: linkHealthKeys.problems,
    queryFn: linkHealthApi.problems,
    enabled: since !== undefined,
    refetchInterval: since === undefined ? false : ACTIVE_RUN_POLL_MS,
  });

  const { data, dataUpdatedAt } = progress;
  useEffect(() => {
    if (since === undefined || !data || dataUpdatedAt < since) return;
    void queryClient.invalidateQueries({ queryKey: productListKeys.all });
    if (!data.activeRun) setSince(undefined);
  }, [data, dataUpdatedAt, since, queryClient]);

  return {
    /** Call once the check request has been answered: its run is stored by then. */
    follow: () => setSince(Date.now()),
    active: since !== undefined,
    run: since === undefined ? null : (data?.activeRun ?? null),
  };
}

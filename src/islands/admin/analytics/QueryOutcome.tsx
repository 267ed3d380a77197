/** A dashboard query's three states: the failure said with its reason, 'Loading…', or what its data shows. */
import type { ReactNode } from "react";
import { analyticsTexts } from "../../../domain/admin/analytics.ts";

interface QueryResult<T> {
  isError: boolean;
  error: Error | null;
  data: T | undefined;
}

export function QueryOutcome<T>({
  result,
  children,
}: {
  result: QueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (result.isError) {
    return (
      <p role="alert" className="text-sale">
        {analyticsTexts.loadFailed}: {result.error?.message}
      </p>
    );
  }
  if (result.data === undefined) {
    return (
      <p role="status" className="text-ink-muted">
        Loading…
      </p>
    );
  }
  return children(result.data);
}

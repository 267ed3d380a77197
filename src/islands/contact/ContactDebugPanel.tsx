/**
 * The contact page's debug panel (spec section 2): the raw result of the last submission and
 * a PASSED/FAILED line. Rendered only in development builds (ARCHITECTURE section 10).
 */
import type { ContactResult } from './contact-api.ts';

export default function ContactDebugPanel({ result }: { result: ContactResult | null }) {
  return (
    <section aria-labelledby="contact-debug-title" className="mt-8 rounded-card border border-dashed border-accent bg-amber-50 p-5 text-sm">
      <h2 id="contact-debug-title" className="font-semibold text-ink">
        Debug panel (development only)
      </h2>
      {result === null ? (
        <p className="mt-2 text-ink-muted">Submit the form to see the raw result.</p>
      ) : (
        <>
          <p className="mt-2 font-semibold">{result.ok ? 'Test Successful!' : 'Test Failed'}</p>
          <p className="mt-1 font-mono">{result.ok ? 'PASSED' : 'FAILED'}</p>
          <pre className="mt-3 overflow-x-auto rounded-md bg-surface p-3 font-mono text-xs">{JSON.stringify(result, null, 2)}</pre>
        </>
      )}
    </section>
  );
}

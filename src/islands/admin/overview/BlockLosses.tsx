/** The overview's notice of posts whose product blocks lost products (deleted, drafts or unavailable), when any did. */
import type { AdminOverview } from '../../../domain/admin/overview.ts';
import { ui } from '../../ui.ts';

export default function BlockLosses({ losses }: { losses: AdminOverview['blockLosses'] }) {
  if (losses.length === 0) return null;
  return (
    <section aria-labelledby="block-losses" className={`${ui.card} border-l-4 border-l-sale p-5`}>
      <h2 id="block-losses" className="text-lg font-bold text-ink">
        Posts missing products
      </h2>
      <p className="mt-1 text-sm text-ink-muted">These posts show products that were deleted, made drafts or made unavailable; their pages leave them out.</p>
      <ul className="mt-3 space-y-1.5 text-sm">
        {losses.map((loss) => (
          <li key={loss.page}>
            <a href={loss.page} className={ui.link}>
              {loss.title}
            </a>{' '}
            <span className="text-ink-muted">
              lost product{loss.missing.length === 1 ? '' : 's'} {loss.missing.map((id) => `#${id}`).join(', ')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Top Picks (featured=true): Editor's Choice (featured, in stock, best rated) and Highest Rated
 * (4+ stars), each in a carousel, and View All for the whole list; "No Featured Products Found"
 * when neither has anything. No filter panel here (spec section 2).
 */
import { Award, Star } from 'lucide-react';
import { memo } from 'react';
import type { CatalogueTopPicksView } from '../../domain/catalogue/catalogue-view.ts';
import { hasTopPicks } from '../../domain/catalogue/picks.ts';
import { DEFAULT_QUERY } from '../../domain/catalogue/query.ts';
import { CatalogueLink } from './CatalogueLink.tsx';
import { ListCarousel } from './ListCarousel.tsx';

interface Props {
  view: CatalogueTopPicksView;
  categoryName: string | null;
}

const viewAll =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800';

export const TopPicksView = memo(function TopPicksView({ view, categoryName }: Props) {
  const all = { ...DEFAULT_QUERY, category: view.query.category };
  if (!hasTopPicks(view)) {
    return (
      <div className="rounded-card border border-dashed border-line bg-surface p-10 text-center">
        <h2 className="text-lg font-semibold text-ink">No Featured Products Found</h2>
        <p className="mt-1 text-ink-muted">There are no top picks here yet. Browse every product instead.</p>
        <CatalogueLink to={all} className={`${viewAll} mt-5`}>
          View All
        </CatalogueLink>
      </div>
    );
  }
  const scope = categoryName ? ` in ${categoryName}` : '';
  return (
    <div className="space-y-12">
      {view.editorsChoice.length > 0 && (
        <section aria-labelledby="editors-choice-heading">
          <h2 id="editors-choice-heading" className="mb-1 flex items-center gap-2 text-2xl font-bold text-ink">
            <Award aria-hidden="true" size={22} className="text-brand-700" />
            Editor&apos;s Choice
          </h2>
          <p className="mb-5 text-ink-muted">{`Featured products our editors recommend${scope}.`}</p>
          <ListCarousel label="Editor's Choice" products={view.editorsChoice} />
        </section>
      )}
      {view.highestRated.length > 0 && (
        <section aria-labelledby="highest-rated-heading">
          <h2 id="highest-rated-heading" className="mb-1 flex items-center gap-2 text-2xl font-bold text-ink">
            <Star aria-hidden="true" size={22} className="text-star" />
            Highest Rated
          </h2>
          <p className="mb-5 text-ink-muted">{`Rated 4 stars or more by customers${scope}.`}</p>
          <ListCarousel label="Highest Rated" products={view.highestRated} />
        </section>
      )}
      <div className="text-center">
        <CatalogueLink to={all} className={viewAll}>
          View All
        </CatalogueLink>
      </div>
    </div>
  );
});

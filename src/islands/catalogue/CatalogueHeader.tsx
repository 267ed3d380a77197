/** Breadcrumb (Home icon, Products, the current filter) and the page heading for the view shown. */
import { House } from 'lucide-react';
import { memo } from 'react';
import { breadcrumbTrail, pageHeading } from '../../domain/catalogue/view.ts';
import type { CatalogueQuery } from '../../domain/catalogue/query.ts';

interface Props {
  query: CatalogueQuery;
  categoryName: string | null;
}

const INTRO: Record<'top-picks' | 'other', string> = {
  'top-picks': "Our editors' favourites and the best-rated gear in every category.",
  other: 'Compare prices, ratings and reviews of home fitness, recovery and wellness gear.',
};

export const CatalogueHeader = memo(function CatalogueHeader({ query, categoryName }: Props) {
  const trail = breadcrumbTrail(query, categoryName);
  return (
    <header className="mb-6">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {trail.map((crumb, index) => (
            <li key={`${index}-${crumb.name}`} className="flex items-center gap-2">
              {index > 0 && <span aria-hidden="true">/</span>}
              {crumb.href ? (
                <a href={crumb.href} className="inline-flex items-center rounded-sm hover:text-brand-800 hover:underline">
                  {index === 0 ? (
                    <>
                      <House aria-hidden="true" size={16} />
                      <span className="sr-only">{crumb.name}</span>
                    </>
                  ) : (
                    crumb.name
                  )}
                </a>
              ) : (
                <span aria-current="page" className="font-medium text-ink">
                  {crumb.name}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{pageHeading(query, categoryName)}</h1>
      <p className="mt-2 text-ink-muted">{INTRO[query.featured ? 'top-picks' : 'other']}</p>
    </header>
  );
});

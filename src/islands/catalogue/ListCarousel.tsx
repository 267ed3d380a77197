/**
 * The list carousel (spec sections 2 and 9): three cards at a time; Previous and Next wrap around;
 * one dot per page; controls only with more than three items. Each card shows the hover overlay
 * of the shared card view. A polite live region announces the page.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import {
  carouselPageCount,
  carouselPageItems,
  hasCarouselControls,
  nextCarouselPage,
  previousCarouselPage,
} from '../../domain/catalogue/carousel.ts';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueCard } from './CatalogueCard.tsx';

interface Props {
  /** Names the carousel for assistive technology, e.g. "Editor's Choice". */
  label: string;
  products: readonly CatalogueProduct[];
}

const arrow =
  'inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface text-ink shadow-sm hover:bg-brand-50 disabled:opacity-50';

export function ListCarousel({ label, products }: Props) {
  const [page, setPage] = useState(0);
  const pageCount = carouselPageCount(products.length);
  const current = Math.min(page, pageCount - 1);
  const controls = hasCarouselControls(products.length);

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label}>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3 sm:gap-6" role="list">
        {carouselPageItems(products, current).map((product, index) => (
          <li key={product.id} className="flex" aria-roledescription="slide" aria-label={`${current * 3 + index + 1} of ${products.length}`}>
            <CatalogueCard product={product} />
          </li>
        ))}
      </ul>
      {controls && <p className="sr-only" aria-live="polite">{`Page ${current + 1} of ${pageCount}`}</p>}
      {controls && (
        // Paging the carousel needs JavaScript; without it the first three cards show and the controls are hidden.
        <div className="mt-4 flex items-center justify-center gap-4" data-requires-js="">
          <button type="button" className={arrow} onClick={() => setPage(previousCarouselPage(current, pageCount))} aria-label={`Previous ${label}`}>
            <ChevronLeft aria-hidden="true" size={18} />
          </button>
          <ol className="flex items-center gap-2">
            {Array.from({ length: pageCount }, (_, index) => (
              <li key={index}>
                <button
                  type="button"
                  onClick={() => setPage(index)}
                  aria-label={`Page ${index + 1} of ${pageCount}`}
                  aria-current={index === current ? 'true' : undefined}
                  className="block size-2.5 rounded-full bg-line aria-[current=true]:w-6 aria-[current=true]:bg-brand-700"
                />
              </li>
            ))}
          </ol>
          <button type="button" className={arrow} onClick={() => setPage(nextCarouselPage(current, pageCount))} aria-label={`Next ${label}`}>
            <ChevronRight aria-hidden="true" size={18} />
          </button>
        </div>
      )}
    </div>
  );
}

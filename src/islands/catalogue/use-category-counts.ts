/**
 * The categories a catalogue page draws around its list, with their counts (categories.ts, CategoryLink): the page's
 * HTML has them without. Once the page shows a view computed from a build's data, that build's manifest draws them, as
 * it draws the products; before, the current build's, which the island reads once hydrated (use-catalogue.ts); until
 * that read is in, or when it failed, the names alone.
 */
import { useMemo } from 'react';
import { countedLinks, type CategoryLink } from '../../domain/catalogue/categories.ts';
import type { CatalogueManifest } from '../../domain/catalogue/manifest-file.ts';
import { UNKNOWN_VERSION } from './use-catalogue.ts';

export interface DrawnCategories {
  categories: CategoryLink[];
  /** What All Products and All Top Picks show, once known. */
  totals?: { products: number; topPicks: number };
}

export function useCategoryCounts(shown: CatalogueManifest, current: CatalogueManifest, uncounted: CategoryLink[]): DrawnCategories {
  const from = shown.version !== UNKNOWN_VERSION ? shown : current.version !== UNKNOWN_VERSION ? current : null;
  return useMemo(() => (from ? { categories: countedLinks(from.categories), totals: from.totals } : { categories: uncounted }), [from, uncounted]);
}

/**
 * The categories a catalogue page draws around its list, with their counts (categories.ts, CategoryLink): the page's
 * HTML has them without, and the island reads the current build's manifest as soon as it has hydrated. Once the page
 * shows a view computed from a build's data, that build's manifest draws them, as it draws the products.
 */
import { useEffect, useMemo, useState } from 'react';
import { countedLinks, type CategoryLink } from '../../domain/catalogue/categories.ts';
import { CURRENT_MANIFEST_URL, readManifestFile, type CatalogueManifest } from '../../domain/catalogue/manifest-file.ts';
import { UNKNOWN_VERSION } from './use-catalogue.ts';

export interface DrawnCategories {
  categories: CategoryLink[];
  /** What All Products and All Top Picks show, once known. */
  totals?: { products: number; topPicks: number };
}

let reading: Promise<CatalogueManifest | null> | undefined;

/** The current build's manifest, read once per page; null when it cannot be had (the links then keep their names alone). */
function readCurrentManifestOnce(): Promise<CatalogueManifest | null> {
  reading ??= fetch(CURRENT_MANIFEST_URL, { credentials: 'same-origin', cache: 'no-cache' })
    .then(async (response) => (response.ok ? readManifestFile(await response.json()) : null))
    .catch(() => null);
  return reading;
}

export function useCategoryCounts(shown: CatalogueManifest, uncounted: CategoryLink[]): DrawnCategories {
  const known = shown.version !== UNKNOWN_VERSION;
  const [current, setCurrent] = useState<CatalogueManifest | null>(null);
  useEffect(() => {
    if (known) return;
    let cancelled = false;
    void readCurrentManifestOnce().then((manifest) => {
      if (!cancelled && manifest) setCurrent(manifest);
    });
    return () => {
      cancelled = true;
    };
  }, [known]);
  const from = known ? shown : current;
  return useMemo(() => (from ? { categories: countedLinks(from.categories), totals: from.totals } : { categories: uncounted }), [from, uncounted]);
}

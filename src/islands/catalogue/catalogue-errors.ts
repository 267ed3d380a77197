/**
 * What the catalogue says when its data cannot be had, and the errors that carry it. Apart from catalogue-data.ts so
 * the island can draw them without the data module, which loads on first need (use-catalogue.ts).
 */
export const catalogueTexts = {
  offline: 'The catalogue could not be loaded. Check your connection and try again.',
  failed: 'The catalogue could not be loaded. Reload the page to try again.',
  updated: 'The catalogue has been updated since this page was loaded. Reload the page to see it.',
} as const;

export class CatalogueDataError extends Error {
  override name = 'CatalogueDataError';
}

/** A data file of this build is gone: a newer build has been published since the page was built. */
export class CatalogueDataGone extends CatalogueDataError {
  override name = 'CatalogueDataGone';
  readonly version: string;
  constructor(version: string) {
    super(catalogueTexts.updated);
    this.version = version;
  }
}

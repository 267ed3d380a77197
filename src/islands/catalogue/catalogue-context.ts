/** What the catalogue's parts share: the requested query and how to move to another one. */
import { createContext, useContext } from 'react';
import type { CatalogueQuery } from '../../domain/catalogue/query.ts';
import type { NavigateOptions } from './use-catalogue.ts';

export interface CatalogueContextValue {
  /** The query the URL asks for (the controls show it at once, before results arrive). */
  query: CatalogueQuery;
  navigate: (next: CatalogueQuery, options?: NavigateOptions) => void;
  /** The top of the catalogue, where category switches scroll back to. */
  top: () => HTMLElement | null;
}

export const CatalogueContext = createContext<CatalogueContextValue | null>(null);

export function useCatalogueContext(): CatalogueContextValue {
  const value = useContext(CatalogueContext);
  if (!value) throw new Error('Catalogue parts must be rendered inside CatalogueApp.');
  return value;
}

/**
 * What the catalogue's parts share: the requested query, and how to move to another one. Apart, so that parts which
 * only move (every catalogue link) are not drawn again when the query changes.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { CatalogueQuery } from '../../domain/catalogue/query.ts';
import type { NavigateOptions } from './use-catalogue.ts';

export interface CatalogueActions {
  navigate: (next: CatalogueQuery, options?: NavigateOptions) => void;
  /** The top of the catalogue, where category switches scroll back to. */
  top: () => HTMLElement | null;
}

export interface CatalogueContextValue extends CatalogueActions {
  /** The query the URL asks for (the controls show it at once, before results arrive). */
  query: CatalogueQuery;
}

export const CatalogueActionsContext = createContext<CatalogueActions | null>(null);
export const CatalogueQueryContext = createContext<CatalogueQuery | null>(null);

export function useCatalogueActions(): CatalogueActions {
  const actions = useContext(CatalogueActionsContext);
  if (!actions) throw new Error('Catalogue parts must be rendered inside CatalogueApp.');
  return actions;
}

export function useCatalogueContext(): CatalogueContextValue {
  const query = useContext(CatalogueQueryContext);
  const actions = useCatalogueActions();
  if (!query) throw new Error('Catalogue parts must be rendered inside CatalogueApp.');
  return { ...actions, query };
}

export function CatalogueProvider({ actions, query, children }: { actions: CatalogueActions; query: CatalogueQuery; children?: ReactNode }) {
  return createElement(
    CatalogueActionsContext.Provider,
    { value: actions },
    createElement(CatalogueQueryContext.Provider, { value: query }, children),
  );
}

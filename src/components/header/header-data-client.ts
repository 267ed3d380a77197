/**
 * The menus' data in the browser: fetched once per page from the file the header names (data-header-data, written by
 * Header.astro; the file: header-data.ts) and shared by the mega menu and the mobile menu's drawers. A failed fetch
 * gives empty lists, as unreadable inline data did: the menus' fixed links still work.
 */
import { unpackHeaderData, type HeaderData } from '../../domain/navigation.ts';

let loading: Promise<HeaderData> | undefined;

async function fetchHeaderData(): Promise<HeaderData> {
  const href = document.querySelector<HTMLElement>('[data-header-data]')?.dataset.headerData;
  if (!href) return unpackHeaderData(null);
  try {
    const response = await fetch(href);
    return unpackHeaderData(response.ok ? await response.text() : null);
  } catch {
    return unpackHeaderData(null);
  }
}

export function loadHeaderData(): Promise<HeaderData> {
  loading ??= fetchHeaderData();
  return loading;
}

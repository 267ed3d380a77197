/**
 * The menus' data in the browser: fetched once per page from the file the header names (data-header-data, written by
 * Header.astro; the file: header-data.ts) and shared by the mega menu and the mobile menu's drawers. A page left open
 * across a deploy names a file the deploy removed: it reads the current build's (CURRENT_HEADER_DATA) instead. A failed
 * fetch of both gives empty lists: the menus' fixed links still work.
 */
import { unpackHeaderData, type HeaderData } from '../../domain/navigation.ts';
import { CURRENT_HEADER_DATA } from './header-data-path.ts';

let loading: Promise<HeaderData> | undefined;

async function fetchHeaderData(): Promise<HeaderData> {
  const href = document.querySelector<HTMLElement>('[data-header-data]')?.dataset.headerData;
  if (!href) return unpackHeaderData(null);
  return unpackHeaderData((await fetchText(href)) ?? (await fetchText(CURRENT_HEADER_DATA)));
}

async function fetchText(href: string): Promise<string | null> {
  try {
    const response = await fetch(href);
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

export function loadHeaderData(): Promise<HeaderData> {
  loading ??= fetchHeaderData();
  return loading;
}

/**
 * The menus' data in the browser: fetched once per page from the build now served (header-data.ts) and shared by the
 * mega menu and the mobile menu's drawers. A page left open across a deploy so reads the new build's posts and
 * categories. A failed fetch gives empty lists: the menus' fixed links still work.
 */
import { unpackHeaderData, type HeaderData } from '../../domain/navigation.ts';

/** Written by src/pages/header-data.json.ts. */
export const HEADER_DATA_PATH = '/header-data.json';

let loading: Promise<HeaderData> | undefined;

async function fetchHeaderData(): Promise<HeaderData> {
  try {
    const response = await fetch(HEADER_DATA_PATH);
    return unpackHeaderData(response.ok ? await response.text() : null);
  } catch {
    return unpackHeaderData(null);
  }
}

export function loadHeaderData(): Promise<HeaderData> {
  loading ??= fetchHeaderData();
  return loading;
}

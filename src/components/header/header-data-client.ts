/**
 * The menus' data in the browser: fetched once per page from the build now served (header-data.ts) and shared by the
 * mega menu and the mobile menu's drawers. A page left open across a deploy so reads the new build's posts and
 * categories. A failed or hung fetch gives empty lists after at most HEADER_DATA_TIMEOUT_MS: the menus' fixed links
 * still work, and a click held until the menus were ready is carried out.
 */
import { unpackHeaderData, type HeaderData } from '../../domain/navigation.ts';

/** Written by src/pages/header-data.json.ts. */
const HEADER_DATA_PATH = '/header-data.json';

/** How long a held click waits for the menus' data before the menus open without it. */
const HEADER_DATA_TIMEOUT_MS = 8_000;

let loading: Promise<HeaderData> | undefined;

async function fetchHeaderData(): Promise<HeaderData> {
  try {
    const response = await fetch(HEADER_DATA_PATH, { signal: AbortSignal.timeout(HEADER_DATA_TIMEOUT_MS) });
    return unpackHeaderData(response.ok ? await response.text() : null);
  } catch {
    return unpackHeaderData(null);
  }
}

export function loadHeaderData(): Promise<HeaderData> {
  loading ??= fetchHeaderData();
  return loading;
}

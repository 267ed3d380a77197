/** Where the browser finds the menus' data (header-data.ts): a build's own file, and the one of the build now served. */

/** A build's file, named by its content's digest and cached for good (public/_headers). */
export function headerDataPath(version: string): string {
  return `/header-data/${version}.json`;
}

/** The build now served: read when a page's own file is gone, after a deploy (src/pages/header-data.json.ts). */
export const CURRENT_HEADER_DATA = '/header-data.json';

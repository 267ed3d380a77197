/**
 * Keeps the admin app from changing how the public pages' JavaScript is split (issue 10, point 1).
 *
 * The bundler puts each module in a chunk for the set of entry points that load it. The admin island shares some
 * modules with public islands (React Query's useMutation, icons, the saved-items client), and with it in the build
 * those modules leave the public chunks they sat in for chunks of their own: measured on a product page, three more
 * files and +1.8 KB gzip, though no public page runs any admin code. So in the browser build the admin app gets its
 * own copy of every module it imports from outside src/islands/admin/, except React itself (one React must render
 * every island). The public graph is then the one a build without the admin app has; the admin pages download their
 * copies, which they would have downloaded anyway.
 *
 * A copy is the same file under a path with an `_admin-copy/` folder before its name, so every transform that goes by
 * the file's extension still applies; its imports are resolved from the real file and copied in turn.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

// No leading dot: a chunk can be named after the folder (an index file's), and dotfiles are never served.
const COPY_FOLDER = '_admin-copy/';

/** The admin app's own modules: the island and everything under src/islands/admin/. */
export function isAdminModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  return path.includes('/src/islands/admin/') || /\/src\/islands\/AdminPage\.tsx(\?|$)/.test(path);
}

/** React and its renderer stay shared: hooks must run against the React that renders the island. */
export function mustStayShared(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  return /\/node_modules\/(react|react-dom|scheduler)\//.test(path) || id.startsWith('\0');
}

export function copyPathOf(id: string): string {
  const slash = id.lastIndexOf('/');
  return `${id.slice(0, slash + 1)}${COPY_FOLDER}${id.slice(slash + 1)}`;
}

export function originalPathOf(id: string): string | undefined {
  const at = id.lastIndexOf(`/${COPY_FOLDER}`);
  return at === -1 ? undefined : id.slice(0, at + 1) + id.slice(at + 1 + COPY_FOLDER.length);
}

export function adminIsolation(): Plugin {
  return {
    name: 'repwell:admin-isolation',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // Only the browser bundle is split into chunks a visitor loads.
      if (!importer || this.environment?.name !== 'client') return null;
      const realImporter = originalPathOf(importer);
      if (!realImporter && !isAdminModule(importer)) return null;
      const resolved = await this.resolve(source, realImporter ?? importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || isAdminModule(resolved.id) || mustStayShared(resolved.id)) return resolved;
      const [path, query] = resolved.id.split('?', 2) as [string, string | undefined];
      if (!path.startsWith('/')) return resolved;
      return { ...resolved, id: copyPathOf(path) + (query ? `?${query}` : '') };
    },
    load(id) {
      const [path] = id.split('?', 1) as [string];
      const original = originalPathOf(path);
      return original ? readFileSync(original, 'utf8') : null;
    },
  };
}

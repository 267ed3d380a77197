/**
 * Keeps the renderer a build made, so that a partial build can render pages again without Astro's whole pipeline
 * (src/server/publishing/kept-render.ts). Astro bundles every page, the middleware and the content store into a
 * pre-render bundle, renders the pages from it and deletes it; this copies the bundle before it is used, with the
 * build facts its renderer needs (each page's stylesheets, the bundled entry names, the head scripts), which Astro
 * hands it in memory.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { detachContentStore } from '../server/publishing/content-store.ts';

export const KEPT_RENDERER_FACTS = 'renderer.json';

/** What a kept renderer needs besides its bundle: the parts of Astro's build internals and options it reads. */
export interface KeptRendererFacts {
  /** Names this renderer: the publish state of each build it renders for records it. */
  id: string;
  /** The bundle's entry file, relative to the kept folder. */
  entry: string;
  /** Astro's page data by key (`route&component`): the stylesheets each page links or inlines. */
  pages: [string, { styles: unknown[] }][];
  /** Astro's entry specifier → bundled file map (the page-stage script). */
  bundles: [string, string][];
  /** Scripts integrations inject (settings.scripts). */
  scripts: unknown[];
}

/** Where Astro writes the pre-render bundle: inside outDir when it is under the working folder, else .astro/. */
export function prerenderBundleDir(outDir: string): string {
  const within = outDir.startsWith(process.cwd()) ? outDir : join(process.cwd(), '.astro');
  return join(within, '.prerender');
}

interface BuildApp {
  setInternals(internals: unknown): void;
  getOptions(): { settings: { scripts: unknown[] } };
}

interface BuildInternals {
  prerenderEntryFileName?: string;
  pagesByKeys: Map<string, { styles: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

/**
 * Imports the bundle's entry before Astro's default prerenderer does (the same module, so the same app) and notes
 * the internals Astro gives the app; returns a function that, once the prerenderer is set up, copies the bundle to
 * `keepIn` with those facts.
 */
export async function watchRenderer(outDir: string, keepIn: string, id: string): Promise<() => Promise<void>> {
  const bundle = prerenderBundleDir(outDir);
  const entry = readdirSync(bundle).find((file) => /^prerender-entry.*\.mjs$/.test(file));
  if (!entry) throw new Error(`no pre-render entry in ${bundle}`);
  const { app } = (await import(pathToFileURL(join(bundle, entry)).href)) as { app: BuildApp };
  let internals: BuildInternals | undefined;
  const setInternals = app.setInternals.bind(app);
  app.setInternals = (value) => {
    internals = value as BuildInternals;
    setInternals(value);
  };
  return async () => {
    if (!internals) throw new Error('Astro did not hand the renderer its build internals');
    rmSync(keepIn, { recursive: true, force: true });
    mkdirSync(keepIn, { recursive: true });
    cpSync(bundle, keepIn, { recursive: true });
    const facts: KeptRendererFacts = {
      id,
      entry: internals.prerenderEntryFileName ?? entry,
      pages: [...internals.pagesByKeys].map(([key, page]) => [key, { styles: page.styles }]),
      bundles: [...internals.entrySpecifierToBundleMap],
      scripts: app.getOptions().settings.scripts,
    };
    await detachContentStore(keepIn);
    writeFileSync(join(keepIn, KEPT_RENDERER_FACTS), JSON.stringify(facts));
  };
}

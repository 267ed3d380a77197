/**
 * The local rebuild queue's build (`npm start` and the e2e server): publishing from the build being served, so an
 * admin's edit renders only the pages it touches (src/server/publishing/partial-build.ts).
 */
import type { Database } from '../../../db/client.ts';
import { describePublish, keptRendererDir, publishSite } from '../publishing/partial-build.ts';
import { buildSite, renderFromKept, type BuildSummary } from './builder.ts';
import type { Logger } from './logger.ts';
import type { SiteFolders } from './site-folders.ts';

export interface PublishBuildOptions {
  folders: SiteFolders;
  database: Database;
  projectRoot: string;
  logger: Logger;
  /** Astro's cache folder for the builds. */
  cacheDir?: string;
  /** The database the build reads, when not the inherited DATABASE_URL. */
  databaseUrl?: string;
  /** Environment the builds read besides the inherited one (the Amazon tag, the site's address). */
  env?: Record<string, string>;
}

export function publishBuild(options: PublishBuildOptions): (outDir: string, signal: AbortSignal) => Promise<BuildSummary> {
  return async (outDir, signal) => {
    const result = await publishSite({
      outDir,
      previousDir: options.folders.current(),
      database: options.database,
      projectRoot: options.projectRoot,
      logger: options.logger,
      env: options.env === undefined ? undefined : { ...process.env, ...options.env },
      runBuild: (build) =>
        buildSite({ ...build, env: { ...options.env, ...build.env }, signal, cacheDir: options.cacheDir, databaseUrl: options.databaseUrl, quiet: true, logger: options.logger }),
      keptRenderer: {
        dir: keptRendererDir(options.projectRoot, options.folders.link),
        render: (render) => renderFromKept({ ...render, env: options.env, signal, databaseUrl: options.databaseUrl, logger: options.logger }),
      },
    });
    options.logger.info(`Published (${describePublish(result)})`);
    return result.summary;
  };
}

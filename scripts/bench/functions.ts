/**
 * `npm run bench -- functions`: the functions as Netlify deploys them (ARCHITECTURE sections 9 and 13). Every function
 * is bundled by Netlify's bundler with netlify.toml's settings, as zip files (what is uploaded): the largest and the
 * mean are held to their budgets (2 MB each, the upload 12 MB; 1 MB on average, the upload left out). Then the cold start of sign-in, a click beacon and the
 * admin products list: a fresh Node process with Lambda's options loads the bundle and answers its first request,
 * against the seeded database served over HTTP by the libSQL stand-in (as Turso serves it in production); median of
 * COLD_RUNS. The cold start has no budget in the architecture, so it is printed for the record.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { createUser } from '../../src/server/accounts.ts';
import { createSession } from '../../src/server/session.ts';
import { bundleFunctions, handlerFile, invokeBundle, MEAN_ZIP_BUDGET, meanZipBytes, zipBudget, type Probe } from '../../tests/helpers/function-bundles.ts';
import { startLibsqlHttpServer } from '../../tests/helpers/libsql-http-server.ts';
import { median, type Figure } from './report.ts';

const COLD_RUNS = 10;
const MB = 1024 * 1024;
const SITE_URL = 'https://repwell.example';
const AUTH_TOKEN = 'bench-token';

export async function measureFunctions(database: Database, databaseFile: string, dir: string, log: (message: string) => void): Promise<Figure[]> {
  const figures: Figure[] = [];

  log('bundling every function as zip files with Netlify’s bundler');
  const bundles = await bundleFunctions(mkdtempSync(join(dir, 'functions-')));
  const sizes = bundles.map((bundle) => ({ name: bundle.name, bytes: bundle.zipBytes })).sort((a, b) => b.bytes - a.bytes);
  log(`zip sizes (MB): ${sizes.map((size) => `${size.name} ${(size.bytes / MB).toFixed(2)}`).join(', ')}`);
  // Each zip against its own budget: the figure is the one nearest its budget (the largest share of it).
  const nearest = [...sizes].sort((a, b) => b.bytes / zipBudget(b.name) - a.bytes / zipBudget(a.name))[0]!;
  figures.push(
    { name: `function zip nearest its budget (${nearest.name})`, value: nearest.bytes / MB, unit: 'MB', budget: zipBudget(nearest.name) / MB, digits: 2 },
    { name: `largest function zip (${sizes[0]!.name})`, value: sizes[0]!.bytes / MB, unit: 'MB', digits: 2 },
    { name: `smallest function zip (${sizes.at(-1)!.name})`, value: sizes.at(-1)!.bytes / MB, unit: 'MB', digits: 2 },
    { name: 'mean function zip (the upload left out)', value: meanZipBytes(sizes) / MB, unit: 'MB', budget: MEAN_ZIP_BUDGET / MB, digits: 2 },
    { name: `all ${sizes.length} function zips`, value: sizes.reduce((sum, size) => sum + size.bytes, 0) / MB, unit: 'MB' },
  );

  const handler = (name: string) => handlerFile(bundles.find((bundle) => bundle.name === name)!);
  const email = 'cold-start@example.com';
  const password = 'a cold start password 42';
  const admin = await createUser(database, { email, password, role: 'admin' });
  if (!admin) throw new Error(`${email} exists already`);
  const { token } = await createSession(database, { id: admin.id, role: 'admin' });
  const [product] = await database.run((db) => db.query.products.findMany({ columns: { id: true }, limit: 1 }));

  const headers = { origin: SITE_URL, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
  const cases: { name: string; function: string; probe: Probe; status: number }[] = [
    { name: 'sign-in', function: 'auth-sign-in', probe: { method: 'POST', path: '/api/auth/sign-in', headers, body: JSON.stringify({ email, password }) }, status: 200 },
    {
      name: 'click beacon',
      function: 'track',
      probe: { method: 'POST', path: '/api/track', headers: { ...headers, 'content-type': 'text/plain' }, body: JSON.stringify({ productId: product?.id ?? 1, event: 'view', pagePath: '/products' }) },
      status: 204,
    },
    { name: 'admin products list', function: 'admin-products-list', probe: { method: 'GET', path: '/api/admin/products', headers: { cookie: `session=${token}` } }, status: 200 },
  ];

  const server = await startLibsqlHttpServer({ file: databaseFile, authToken: AUTH_TOKEN });
  const env = { DATABASE_URL: server.url, DATABASE_AUTH_TOKEN: AUTH_TOKEN, SITE_URL, AUTH_SECRET: 'b'.repeat(40), NODE_ENV: 'production' };
  try {
    for (const benchCase of cases) {
      const loaded: number[] = [];
      const answered: number[] = [];
      for (let run = 0; run < COLD_RUNS; run++) {
        const answer = await invokeBundle(handler(benchCase.function), benchCase.probe, { cwd: dir, env });
        if (answer.status !== benchCase.status) throw new Error(`${benchCase.function} answered ${answer.status}: ${answer.body.slice(0, 200)} ${answer.stderr}`);
        loaded.push(answer.loadedMs);
        answered.push(answer.answeredMs);
      }
      figures.push(
        { name: `cold start, ${benchCase.name}: bundle loaded (median of ${COLD_RUNS})`, value: median(loaded), unit: 'ms', digits: 0 },
        { name: `cold start, ${benchCase.name}: first answer (median of ${COLD_RUNS})`, value: median(answered), unit: 'ms', digits: 0 },
      );
    }
  } finally {
    await server.close();
  }
  return figures;
}

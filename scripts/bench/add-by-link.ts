/**
 * Add by link (issue 11, point 9: "the add-by-link call against a local fixture page answers in under 1 s"). Each
 * request goes over HTTP through the real function with a real admin session, and the function fetches a retailer
 * page on 127.0.0.1 through the safe fetcher (allowed only through SCRAPE_ALLOWED_HOSTS, set here before the server
 * reads its environment), reads it and writes the link, the product and their audit entries: the whole path an
 * admin waits for. Also timed alone: the extraction of a 1 MB Amazon-like page, the parser's share of the work.
 */
import type { Database } from '../../db/client.ts';
import { extractProduct } from '../../src/domain/admin/scrape/index.ts';
import { scrapePage as fixturePage, startScrapeFixtures, type ScrapeFixtures } from '../../tests/helpers/scrape-fixtures.ts';
import { signInAdmin } from './admin-session.ts';
import { median, percentile, type Figure } from './report.ts';

const WARMUP = 3;
const RUNS = 25;
const BUDGET_MS = 1000;

/** Starts the fixture retailer and allows its host:port; call before the server handles its first request. */
export async function startBenchRetailer(): Promise<ScrapeFixtures> {
  const shop = await startScrapeFixtures();
  process.env.SCRAPE_ALLOWED_HOSTS = shop.hostPort;
  return shop;
}

function extractionFigure(): Figure {
  const amazon = fixturePage('amazon-product.html');
  const filler = '<div class="a-section"><p>Customer question and answer text, repeated to page size.</p></div>'.repeat(12_000);
  const big = amazon.replace('</body>', `${filler}</body>`);
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const result = extractProduct(big, 'https://www.amazon.com/dp/B0CRHF7D24');
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(`the 1 MB page was not read: ${result.message}`);
  }
  return { name: `  extraction alone, ${(big.length / 1024 / 1024).toFixed(1)} MB Amazon-like page (median)`, value: median(times), unit: 'ms' };
}

export async function measureAddByLink(database: Database, baseUrl: string, shop: ScrapeFixtures, log: (message: string) => void): Promise<Figure[]> {
  const cookie = await signInAdmin(database, baseUrl, 'bench-link');
  const figures: Figure[] = [];
  for (const file of ['jsonld-product.html', 'amazon-product.html']) {
    const url = `${shop.base}/pages/${file}`;
    log(`timing POST /api/admin/products/from-link for ${url} (${RUNS} runs)`);
    const times: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/admin/products/from-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ url }),
      });
      const body = (await response.json()) as { scraped?: boolean };
      const ms = performance.now() - started;
      if (response.status !== 201 || body.scraped !== true) throw new Error(`from-link answered ${response.status}: ${JSON.stringify(body)}`);
      if (run >= WARMUP) times.push(ms);
    }
    figures.push(
      { name: `add by link, ${file}, p95`, value: percentile(times, 95), unit: 'ms', budget: BUDGET_MS },
      { name: '  p50', value: percentile(times, 50), unit: 'ms' },
      { name: '  max', value: Math.max(...times), unit: 'ms' },
    );
  }
  figures.push(extractionFigure());
  return figures;
}

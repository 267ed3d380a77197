/**
 * fetchAmazonItems: what the rest of the server asks of Amazon (add by link, the CSV import, the product form, and a
 * scheduled price refresh). ASINs are asked ten a request, one request at a time within the rate limit; the answer
 * names a result for every ASIN asked. A failure of a whole request (credentials, eligibility, throttling after the
 * retries, a malformed answer) is thrown as a CreatorsApiError, so a caller never writes half of a batch believing it
 * whole; CreatorsApiError('not-configured') when no credential is set.
 */
import { GET_ITEMS_MAX_IDS } from '../../domain/amazon-item.ts';
import { creatorsSetup, type CreatorsConfig } from './config.ts';
import { CreatorsClient, type AmazonItemResult, type CreatorsClientOptions } from './creators-client.ts';
import { CreatorsApiError } from './errors.ts';

export type { AmazonItemResult } from './creators-client.ts';
export { CreatorsApiError, type CreatorsErrorKind, type ItemError } from './errors.ts';

let shared: { key: string; client: CreatorsClient } | null = null;

/** The process's client for the configured credential (its token is reused across calls); null when not configured. */
export function creatorsClient(): CreatorsClient | null {
  const setup = creatorsSetup();
  if (!setup.configured) return null;
  const key = JSON.stringify(setup.config);
  if (shared?.key !== key) shared = { key, client: new CreatorsClient(setup.config) };
  return shared.client;
}

/** Whether Amazon's data can be fetched, and if not, the sentence that says why. */
export function amazonApiStatus(): { configured: true; marketplace: string } | { configured: false; reason: string } {
  const setup = creatorsSetup();
  return setup.configured ? { configured: true, marketplace: setup.config.marketplace } : setup;
}

export interface FetchAmazonItemsOptions {
  /** The store asked (www.amazon.co.uk …); defaults to AMAZON_CREATORS_MARKETPLACE. */
  marketplace?: string;
  /** A client of the caller's (tests, a job with its own options); defaults to the configured one. */
  client?: CreatorsClient;
}

export async function fetchAmazonItems(asins: readonly string[], options: FetchAmazonItemsOptions = {}): Promise<Map<string, AmazonItemResult>> {
  const client = options.client ?? creatorsClient();
  if (!client) {
    const status = amazonApiStatus();
    throw new CreatorsApiError('not-configured', status.configured ? "Amazon's Creators API is not configured." : status.reason);
  }
  const ids = [...new Set(asins.map((asin) => asin.toUpperCase()))];
  const results = new Map<string, AmazonItemResult>();
  for (let start = 0; start < ids.length; start += GET_ITEMS_MAX_IDS) {
    const batch = await client.getItems(ids.slice(start, start + GET_ITEMS_MAX_IDS), options.marketplace ?? client.config.marketplace);
    for (const [asin, result] of batch) results.set(asin, result);
  }
  return results;
}

/** A client for a given configuration (tests build one against a fake). */
export function newCreatorsClient(config: CreatorsConfig, options?: CreatorsClientOptions): CreatorsClient {
  return new CreatorsClient(config, options);
}

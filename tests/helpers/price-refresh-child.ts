/**
 * A price refresh in a process of its own, for the test that kills one mid-run (tests/integration/price-refresh.test.ts):
 *   node tests/helpers/price-refresh-child.ts <database url> <fake API base> <fake token url>
 * Prints 'started' once the run has begun.
 */
import { Database } from '../../db/client.ts';
import { CreatorsClient } from '../../src/server/amazon/creators-client.ts';
import { RequestPacer } from '../../src/server/amazon/pacer.ts';
import { runPriceRefresh } from '../../src/server/jobs/price-refresh.ts';

const [url, apiBase, tokenUrl] = process.argv.slice(2);
if (!url || !apiBase || !tokenUrl) throw new Error('usage: price-refresh-child.ts <database url> <api base> <token url>');
const database = new Database({ url });
const client = new CreatorsClient(
  {
    credentialId: 'fake-credential-id',
    credentialSecret: 'fake-credential-secret',
    credentialVersion: '2.1',
    tokenStyle: 'cognito',
    tokenUrl,
    apiBase,
    marketplace: 'www.amazon.com',
    partnerTag: 'repwell-20',
    requestsPerSecond: 50,
  },
  { pacer: new RequestPacer(50) },
);
console.log('started');
await runPriceRefresh(database, { client, rebuild: async () => {} });
console.log('finished');
database.close();

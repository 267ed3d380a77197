/**
 * POST /api/admin/amazon/item { url } → { asin, marketplace, canonicalUrl, fields }: the product form's "Fill from
 * Amazon" (src/domain/admin/amazon-lookup.ts). Nothing is stored. Admin only, with every admin write's guards (it
 * spends the site's Creators API allowance); 422 for a link that names no Amazon product, an API that is not
 * configured or refuses, 429 with Retry-After when Amazon throttles the site.
 */
import { amazonLookupRequestSchema, amazonLookupTexts } from '../../src/domain/admin/amazon-lookup.ts';
import { AmazonLookupError, lookupAmazonItem } from '../../src/server/admin/amazon-lookup.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/amazon/item', method: ['POST'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, amazonLookupRequestSchema, { title: amazonLookupTexts.failedTitle, maxBytes: 8 * 1024 });
  if (body instanceof Response) return body;
  try {
    return json(await lookupAmazonItem(body.url));
  } catch (error) {
    if (!(error instanceof AmazonLookupError)) throw error;
    const headers = error.retryAfterMs === null ? undefined : { 'retry-after': String(Math.ceil(error.retryAfterMs / 1000)) };
    return jsonError(error.status, amazonLookupTexts.failedTitle, error.message, { headers });
  }
};

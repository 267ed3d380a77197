/**
 * GET /api/admin/revenue/report/mapping?network=… → { network, mapping | null, updatedAt | null }: the column mapping
 * last used for the network's report (issue 14, point 4), offered again by the Report import tab.
 * PUT the same path { network, mapping } → the saved mapping, with an audit entry. Admin only.
 */
import { reportImportTexts, reportMappingQuerySchema, reportMappingRequestSchema } from '../../src/domain/admin/revenue-report.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { readReportMapping, saveReportMapping } from '../../src/server/admin/report-import.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/revenue/report/mapping', method: ['GET', 'PUT'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') {
    const query = reportMappingQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return jsonError(422, 'Invalid request', query.error.issues[0]?.message ?? 'The query is not valid.');
    return json(await readReportMapping(getDatabase(), query.data.network));
  }
  const input = await readJson(request, reportMappingRequestSchema, { title: reportImportTexts.mappingFailed });
  if (input instanceof Response) return input;
  return json(await saveReportMapping(getDatabase(), admin.actor, input));
};

/**
 * POST /api/admin/revenue/report/preview { network, headers, mapping?, rows: [{ rowNumber, values, occurrence? }] }
 * (1 to 500 rows) → { rows: [{ rowNumber, outcome: matched | unmatched | duplicate | changed | error, … }] }: what
 * importing each row of a network report would do (issue 14, point 4). Nothing is written. Admin only, with the
 * write guards; 413 past 2 MB; 422 naming a malformed body.
 */
import { MAX_REPORT_BODY_BYTES, reportImportTexts, reportPreviewRequestSchema, type ReportPreviewAnswer } from '../../src/domain/admin/revenue-report.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { previewReportRows } from '../../src/server/admin/report-import.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/revenue/report/preview', method: ['POST'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, reportPreviewRequestSchema, { title: reportImportTexts.previewFailed, maxBytes: MAX_REPORT_BODY_BYTES });
  if (body instanceof Response) return body;
  const answer: ReportPreviewAnswer = { rows: await previewReportRows(getDatabase(), body) };
  return json(answer);
};

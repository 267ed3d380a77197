/**
 * POST /api/admin/link-health/check { ids } or { allMatching } → 202 { run }: checks the selected products, or every
 * product matching the list's filters, now (Manage's action), as one run. The run
 * is stored first, then continues after the answer (in this process locally, in the Background Function on Netlify);
 * the screen follows it through GET /api/admin/link-health (activeRun) and each product's history.
 * 422 with the message for no ids, more than 100, ids that are not products, neither or both of ids and allMatching,
 * or filters nothing matches. Admin only, with the write guards.
 */
import { linkHealthCheckInputSchema, linkHealthTexts } from '../../src/domain/admin/link-health/api.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { matchingProductIds, missingProductIds, readRun } from '../../src/server/admin/link-health.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';
import { createManualRun } from '../../src/server/jobs/link-checker.ts';
import { continueLinkChecks } from '../../src/server/jobs/link-health-handoff.ts';

export const config = { path: '/api/admin/link-health/check', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const input = await readJson(request, linkHealthCheckInputSchema, { title: linkHealthTexts.checkFailed });
  if (input instanceof Response) return input;
  const database = getDatabase();
  let ids: number[];
  if (input.ids) {
    const missing = await missingProductIds(database, input.ids);
    if (missing.length > 0) return jsonError(422, linkHealthTexts.checkFailed, `${linkHealthTexts.unknownIds} (${missing.join(', ')})`);
    ids = input.ids;
  } else {
    ids = await matchingProductIds(database, input.allMatching ?? {});
    if (ids.length === 0) return jsonError(422, linkHealthTexts.checkFailed, linkHealthTexts.noneMatching);
  }
  const run = await createManualRun(database, ids, admin.actor.email);
  await continueLinkChecks(database, context, run.id);
  return json({ run: await readRun(database, run.id) }, { status: 202 });
};

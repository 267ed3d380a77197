/** The report import's calls (src/domain/admin/revenue-report.ts), through the admin app's typed client. */
import {
  reportImportAnswerSchema,
  reportMappingAnswerSchema,
  reportPaths,
  reportPreviewAnswerSchema,
  type ReportImportRequest,
  type ReportMappingRequest,
  type ReportPreviewRequest,
} from '../../../domain/admin/revenue-report.ts';
import type { ReportNetwork } from '../../../domain/revenue/report.ts';
import { adminRequest } from '../api.ts';
import { withRetries } from '../imports/retry.ts';

export const reportImportApi = {
  preview: (request: ReportPreviewRequest) => adminRequest(reportPaths.preview, reportPreviewAnswerSchema, { method: 'POST', json: request }),
  /** One batch, retried on a network error or a 5xx: every row is idempotent on (network, transaction id). */
  import: (request: ReportImportRequest) => withRetries(() => adminRequest(reportPaths.import, reportImportAnswerSchema, { method: 'POST', json: request })),
  mapping: (network: ReportNetwork) => adminRequest(`${reportPaths.mapping}?network=${network}`, reportMappingAnswerSchema),
  saveMapping: (request: ReportMappingRequest) => adminRequest(reportPaths.mapping, reportMappingAnswerSchema, { method: 'PUT', json: request }),
};

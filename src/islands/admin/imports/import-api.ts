/** The CSV import's calls (src/domain/admin/csv/contract.ts), through the admin app's typed client. */
import {
  csvImportBatchAnswerSchema,
  csvImportFinishAnswerSchema,
  csvPreviewAnswerSchema,
  type CsvImportBatchRequest,
  type CsvRowInput,
} from '../../../domain/admin/csv/contract.ts';
import { adminRequest } from '../api.ts';
import { withRetries, type RetryOptions } from './retry.ts';

export const importApi = {
  preview: (rows: CsvRowInput[]) => adminRequest('/api/admin/products/import/preview', csvPreviewAnswerSchema, { method: 'POST', json: { rows } }),
  /** One batch, retried on a network error or a 5xx (the server answers a repeated batch as the first time). */
  batch: (request: CsvImportBatchRequest, retry?: RetryOptions) =>
    withRetries(() => adminRequest('/api/admin/products/import', csvImportBatchAnswerSchema, { method: 'POST', json: request }), retry),
  finish: (importId: string, retry?: RetryOptions) =>
    withRetries(() => adminRequest('/api/admin/products/import/finish', csvImportFinishAnswerSchema, { method: 'POST', json: { importId } }), retry),
};

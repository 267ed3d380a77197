/**
 * The Hrana 2 over HTTP messages (docs/HTTP_V2_SPEC.md, docs/HRANA_2_SPEC.md and docs/HRANA_1_SPEC.md in
 * tursodatabase/libsql): requests as zod schemas, responses as types, and the two kinds of failure sqld tells apart.
 */
import { z } from 'zod';

const MIN_INTEGER = -(2n ** 63n);
const MAX_INTEGER = 2n ** 63n - 1n;

export const valueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('null') }),
  z.object({
    type: z.literal('integer'),
    value: z
      .string()
      .regex(/^-?\d+$/)
      .refine((value) => BigInt(value) >= MIN_INTEGER && BigInt(value) <= MAX_INTEGER, 'not a 64-bit integer'),
  }),
  z.object({ type: z.literal('float'), value: z.number() }),
  z.object({ type: z.literal('text'), value: z.string() }),
  z.object({ type: z.literal('blob'), base64: z.string() }),
]);
export type Value = z.infer<typeof valueSchema>;

export const stmtSchema = z.object({
  sql: z.string().nullish(),
  sql_id: z.int().nullish(),
  args: z.array(valueSchema).default([]),
  named_args: z.array(z.object({ name: z.string(), value: valueSchema })).default([]),
  want_rows: z.boolean().nullish(),
});
export type Stmt = z.infer<typeof stmtSchema>;

export type BatchCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: BatchCond }
  | { type: 'and' | 'or'; conds: BatchCond[] };

const batchCondSchema: z.ZodType<BatchCond> = z.lazy(() =>
  z.union([
    z.object({ type: z.enum(['ok', 'error']), step: z.int().nonnegative() }),
    z.object({ type: z.literal('not'), cond: batchCondSchema }),
    z.object({ type: z.enum(['and', 'or']), conds: z.array(batchCondSchema) }),
  ]),
);

export const batchSchema = z.object({
  steps: z.array(z.object({ condition: batchCondSchema.nullish(), stmt: stmtSchema })),
});
export type Batch = z.infer<typeof batchSchema>;

const sqlRef = { sql: z.string().nullish(), sql_id: z.int().nullish() };

export const streamRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('close') }),
  z.object({ type: z.literal('execute'), stmt: stmtSchema }),
  z.object({ type: z.literal('batch'), batch: batchSchema }),
  z.object({ type: z.literal('sequence'), ...sqlRef }),
  z.object({ type: z.literal('describe'), ...sqlRef }),
  z.object({ type: z.literal('store_sql'), sql_id: z.int(), sql: z.string() }),
  z.object({ type: z.literal('close_sql'), sql_id: z.int() }),
]);
export type StreamRequest = z.infer<typeof streamRequestSchema>;

export const pipelineRequestSchema = z.object({
  baton: z.string().nullish(),
  requests: z.array(streamRequestSchema),
});

export interface Col {
  name: string | null;
  decltype: string | null;
}

export interface StmtResult {
  cols: Col[];
  rows: Value[][];
  affected_row_count: number;
  /** A 64-bit integer as a decimal string; null unless the statement was an INSERT. */
  last_insert_rowid: string | null;
}

export interface BatchResult {
  step_results: Array<StmtResult | null>;
  step_errors: Array<HranaErrorBody | null>;
}

export interface DescribeResult {
  params: Array<{ name: string | null }>;
  cols: Col[];
  is_explain: boolean;
  is_readonly: boolean;
}

export type StreamResponse =
  | { type: 'close' | 'sequence' | 'store_sql' | 'close_sql' }
  | { type: 'execute'; result: StmtResult }
  | { type: 'batch'; result: BatchResult }
  | { type: 'describe'; result: DescribeResult };

export interface HranaErrorBody {
  message: string;
  code: string;
}

export type StreamResult = { type: 'ok'; response: StreamResponse } | { type: 'error'; error: HranaErrorBody };

export interface PipelineResponse {
  baton: string | null;
  base_url: string | null;
  results: StreamResult[];
}

/** A request that failed; the stream goes on (a StreamResultError, or a batch step's error). */
export class HranaError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }

  toBody(): HranaErrorBody {
    return { message: this.message, code: this.code };
  }
}

/**
 * A violation of the protocol (or a baton that is no longer valid): sqld answers the whole HTTP request with 400 and a
 * text body, and the stream is gone. `code` set means sqld answers JSON instead (only an expired stream).
 */
export class ProtocolError extends Error {
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

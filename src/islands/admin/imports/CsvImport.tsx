/**
 * The CSV Import tab (issue 11, points 4 and 6; spec sections 4, 5 and 8): download the template, choose a file
 * (parsed in a worker with a progress bar), preview every row against the server in batches, import the rows that
 * pass in batches with retries, one finish call (one rebuild), then a summary card. 'Start Over' clears everything.
 * Import is shown only once the preview has answered for every row.
 */
import { Download, RotateCcw, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  addCounts,
  batchRows,
  emptyCounts,
  IMPORT_BATCH_ROWS,
  PREVIEW_BATCH_ROWS,
  type CsvImportCounts,
} from '../../../domain/admin/csv/contract.ts';
import { templateCsv, TEMPLATE_FILE_NAME } from '../../../domain/admin/csv/columns.ts';
import { csvTexts, foundProductsText, importSuccessfulText, processingCompleteText } from '../../../domain/admin/csv/texts.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { refreshAfterProductWrite } from '../products/product-list-api.ts';
import { useQueryClient } from '../query.ts';
import { saveBlob } from './download.ts';
import { importApi } from './import-api.ts';
import { ImportSummary, type RowError } from './ImportSummary.tsx';
import { parseCsvFile, type ParseHandle } from './parse-csv-file.ts';
import { importableInputs, pendingInputs, previewCounts, withResults, type PreviewRow } from './preview-rows.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { CsvFileField, ImportProgress } from './CsvFileField.tsx';

type Stage = 'idle' | 'parsing' | 'previewing' | 'previewed' | 'previewFailed' | 'importing' | 'imported';

interface Summary {
  counts: CsvImportCounts;
  errors: RowError[];
  failure: string | null;
  /** Why imported Amazon products have no data (the Creators API is not configured); null otherwise. */
  notice: string | null;
}

const describe = (error: unknown) => (error instanceof ApiError ? error.description : error instanceof Error ? error.message : String(error));

export default function CsvImport() {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [inputKey, setInputKey] = useState(0);
  const [stage, setStage] = useState<Stage>('idle');
  const [percent, setPercent] = useState(0);
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [status, setStatus] = useState('');
  /** Said beside the preview when the file was not UTF-8, so the editor checks its accents. */
  const [encodingNote, setEncodingNote] = useState('');
  const [summary, setSummary] = useState<Summary | null>(null);
  /** Bumped by Start Over and by a new file: work of an older run stops touching the state. */
  const run = useRef(0);
  const parsing = useRef<ParseHandle | null>(null);

  const reset = () => {
    run.current++;
    parsing.current?.cancel();
    parsing.current = null;
    setStage('idle');
    setPercent(0);
    setRows(null);
    setStatus('');
    setEncodingNote('');
    setSummary(null);
  };

  const preview = async (current: number, all: PreviewRow[]) => {
    setStage('previewing');
    const batches = batchRows(pendingInputs(all), PREVIEW_BATCH_ROWS);
    const total = batches.reduce((sum, batch) => sum + batch.length, 0);
    let done = 0;
    let state = all;
    setPercent(total === 0 ? 100 : 0);
    try {
      for (const batch of batches) {
        const answer = await importApi.preview(batch);
        if (run.current !== current) return;
        state = withResults(state, answer.rows);
        done += batch.length;
        setRows(state);
        setPercent((done / total) * 100);
      }
    } catch (error) {
      if (run.current !== current) return;
      setStage('previewFailed');
      setStatus(`${csvTexts.processingFailed}: ${describe(error)}`);
      toast({ title: csvTexts.processingFailed, description: describe(error), variant: 'error' });
      return;
    }
    const text = processingCompleteText(previewCounts(state));
    setStage('previewed');
    setStatus(`${csvTexts.processingComplete}: ${text}`);
    toast({ title: csvTexts.processingComplete, description: text, variant: 'success' });
  };

  const chooseFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const current = run.current;
    setStage('parsing');
    const handle = parseCsvFile(file, (value) => run.current === current && setPercent(value));
    parsing.current = handle;
    const parsed = await handle.result;
    if (run.current !== current) return;
    parsing.current = null;
    if (!parsed.ok) {
      setStage('idle');
      setStatus(`${parsed.problem.title}: ${parsed.problem.description}`);
      toast({ title: parsed.problem.title, description: parsed.problem.description, variant: 'error' });
      return;
    }
    toast({ title: csvTexts.parsed, description: foundProductsText(parsed.rows.length), variant: 'success' });
    if (parsed.encoding === 'windows-1252') setEncodingNote(csvTexts.readAsWindows1252);
    setRows(parsed.rows);
    await preview(current, parsed.rows);
  };

  const startImport = async () => {
    if (!rows) return;
    const current = run.current;
    const batches = batchRows(importableInputs(rows), IMPORT_BATCH_ROWS);
    // One id per import: the server recognises a retried batch by (importId, batchIndex).
    const importId = crypto.randomUUID();
    const total = batches.reduce((sum, batch) => sum + batch.length, 0);
    setStage('importing');
    setPercent(0);
    setStatus('');
    let counts = emptyCounts();
    const errors: RowError[] = rows.flatMap((row) => (row.state === 'error' ? [{ rowNumber: row.rowNumber, reason: row.reason ?? `Row ${row.rowNumber}` }] : []));
    let failure: unknown = null;
    let sentBatches = 0;
    let done = 0;
    for (const [batchIndex, batch] of batches.entries()) {
      try {
        const answer = await importApi.batch({ importId, batchIndex, rows: batch });
        if (run.current !== current) return;
        counts = addCounts(counts, answer.counts);
        for (const row of answer.rows) if (row.outcome === 'error') errors.push({ rowNumber: row.rowNumber, reason: row.reason ?? `Row ${row.rowNumber}` });
        sentBatches++;
        done += batch.length;
        setPercent((done / total) * 100);
      } catch (error) {
        failure = error;
        break;
      }
    }
    // What was written gets its links completed and its rebuild, even when a later batch failed.
    let notice: string | null = null;
    if (sentBatches > 0) {
      try {
        const finished = await importApi.finish(importId);
        counts = finished.counts;
        notice = finished.amazonNotice;
      } catch (error) {
        failure ??= error;
      }
    }
    if (run.current !== current) return;
    if (sentBatches > 0) refreshAfterProductWrite(queryClient);
    const previewErrors = rows.filter((row) => row.state === 'error').length;
    const totals = { ...counts, errors: counts.errors + previewErrors };
    errors.sort((a, b) => a.rowNumber - b.rowNumber);
    setSummary({ counts: totals, errors, failure: failure === null ? null : describe(failure), notice });
    setStage('imported');
    if (failure === null) {
      const text = importSuccessfulText(counts);
      setStatus(`${csvTexts.importSuccessful}: ${text}`);
      toast({ title: csvTexts.importSuccessful, description: text, variant: 'success' });
    } else {
      setStatus(`${csvTexts.importFailed}: ${describe(failure)}`);
      toast({ title: csvTexts.importFailed, description: describe(failure), variant: 'error' });
    }
  };

  const busy = stage === 'parsing' || stage === 'previewing' || stage === 'importing';
  const importable = rows ? importableInputs(rows).length : 0;

  return (
    <div className="space-y-6">
      <section aria-labelledby="csv-file-heading" className={`${ui.card} space-y-4 p-4`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h2 id="csv-file-heading" className="text-lg font-semibold">
              Import products from a CSV file
            </h2>
            <p className="text-sm text-ink-muted">
              One product per row; affiliate_link (or product_url) is required. Rows matching a product by SKU, ASIN or affiliate link update it; action
              &lsquo;delete&rsquo; removes it. At most 5 MB.
            </p>
          </div>
          <button type="button" className={ui.secondaryButton} onClick={() => saveBlob(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }), TEMPLATE_FILE_NAME)}>
            <Download aria-hidden="true" className="size-4" /> Download template
          </button>
        </div>
        <CsvFileField id={inputId} label="CSV file" inputKey={inputKey} disabled={busy} onFile={(file) => void chooseFile(file)} />
        <ImportProgress stage={stage} percent={percent} status={status} />
        {encodingNote && <p className="text-sm text-ink-muted">{encodingNote}</p>}
        {(stage !== 'idle' || status !== '') && (
          <div className="flex flex-wrap gap-3">
            {(stage === 'previewed' || stage === 'importing') && importable > 0 && (
              <button type="button" className={ui.primaryButton} disabled={stage === 'importing'} aria-busy={stage === 'importing' || undefined} onClick={() => void startImport()}>
                <Upload aria-hidden="true" className="size-4" /> {stage === 'importing' ? 'Importing…' : `Import ${importable.toLocaleString('en-US')} ${importable === 1 ? 'row' : 'rows'}`}
              </button>
            )}
            <button
              type="button"
              className={ui.secondaryButton}
              disabled={stage === 'importing'}
              onClick={() => {
                reset();
                setInputKey((key) => key + 1);
              }}
            >
              <RotateCcw aria-hidden="true" className="size-4" /> Start Over
            </button>
          </div>
        )}
      </section>
      {summary && <ImportSummary counts={summary.counts} errors={summary.errors} failure={summary.failure} notice={summary.notice} />}
      {rows && !summary && <PreviewTable rows={rows} />}
    </div>
  );
}

/**
 * The 'Report import' tab of Analytics (issue 14, point 4): choose the network and a CSV report (5 MB at most),
 * map its columns (every network but Amazon; prefilled from the network's last mapping, else from the header names),
 * preview every row against the server (matched, unmatched, duplicate, changed, errors), import the rows that write
 * something in batches with a progress bar, then a summary. Importing a report twice changes nothing the second time.
 */
import { RotateCcw, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { addReportCounts, emptyReportCounts, REPORT_IMPORT_ROWS, REPORT_PREVIEW_ROWS, type ReportImportCounts, type ReportPreviewRow } from '../../../domain/admin/revenue-report.ts';
import { mappingProblem, reportFieldLabels, reportFields, requiredReportFields, suggestMapping, type ReportMapping } from '../../../domain/revenue/report-generic.ts';
import { prepareReportRows, type ReportFileRow, type ReportFormat } from '../../../domain/revenue/report-rows.ts';
import { isPostbackNetwork, reportNetworkLabels, reportNetworks, type ReportNetwork } from '../../../domain/revenue/report.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { CsvFileField, ImportProgress } from '../imports/CsvFileField.tsx';
import { reportImportApi } from './report-import-api.ts';
import { parseReportFile, type ParsedReport, type ReportParseHandle } from './report-import-parse.ts';
import { ReportImportPreview } from './ReportImportPreview.tsx';

type Stage = 'idle' | 'parsing' | 'mapping' | 'previewing' | 'previewed' | 'importing' | 'imported';

const describe = (error: unknown) => (error instanceof ApiError ? error.description : error instanceof Error ? error.message : String(error));
const chunks = <T,>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
const writes = (row: ReportPreviewRow) => row.outcome === 'matched' || row.outcome === 'unmatched' || row.outcome === 'changed';

interface Summary {
  counts: ReportImportCounts;
  errors: string[];
  failure: string | null;
}

export default function ReportImport() {
  const networkId = useId();
  const fileId = useId();
  const [network, setNetwork] = useState<ReportNetwork>('amazon');
  const [inputKey, setInputKey] = useState(0);
  const [stage, setStage] = useState<Stage>('idle');
  const [percent, setPercent] = useState(0);
  const [status, setStatus] = useState('');
  const [report, setReport] = useState<ParsedReport | null>(null);
  const [mapping, setMapping] = useState<ReportMapping>({});
  const [preview, setPreview] = useState<ReportPreviewRow[] | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  /** Bumped by Start Over and by a new file: work of an older run stops touching the state. */
  const run = useRef(0);
  const parsing = useRef<ReportParseHandle | null>(null);

  const reset = () => {
    run.current++;
    parsing.current?.cancel();
    parsing.current = null;
    setStage('idle');
    setPercent(0);
    setStatus('');
    setReport(null);
    setPreview(null);
    setSummary(null);
  };

  const formatOf = (parsed: ParsedReport, chosen: ReportMapping): ReportFormat => ({ network, headers: parsed.headers, mapping: network === 'amazon' ? undefined : chosen });
  const rowsOf = (parsed: ParsedReport, format: ReportFormat): ReportFileRow[] => prepareReportRows(format, parsed.rows);

  const runPreview = async (current: number, parsed: ParsedReport, chosen: ReportMapping) => {
    setStage('previewing');
    setPercent(0);
    setStatus('');
    const format = formatOf(parsed, chosen);
    const rows = rowsOf(parsed, format);
    const results: ReportPreviewRow[] = parsed.tooLarge.map((row) => ({ rowNumber: row.rowNumber, outcome: 'error', reason: row.reason }));
    try {
      const batches = chunks(rows, REPORT_PREVIEW_ROWS);
      for (const [index, batch] of batches.entries()) {
        const answer = await reportImportApi.preview({ network, headers: parsed.headers, mapping: format.mapping, rows: batch });
        if (run.current !== current) return;
        results.push(...answer.rows);
        setPercent(((index + 1) / batches.length) * 100);
      }
    } catch (error) {
      if (run.current !== current) return;
      setStage(network === 'amazon' ? 'idle' : 'mapping');
      setStatus(`Preview failed: ${describe(error)}`);
      toast({ title: 'Preview failed', description: describe(error), variant: 'error' });
      return;
    }
    results.sort((a, b) => a.rowNumber - b.rowNumber);
    setPreview(results);
    setStage('previewed');
    const importable = results.filter(writes).length;
    setStatus(`Preview complete: ${results.length.toLocaleString('en-US')} rows, ${importable.toLocaleString('en-US')} to import`);
  };

  const chooseFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const current = run.current;
    setStage('parsing');
    const handle = parseReportFile(file, network, (value) => run.current === current && setPercent(value));
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
    setReport(parsed.report);
    if (network === 'amazon') {
      await runPreview(current, parsed.report, {});
      return;
    }
    let saved: ReportMapping | null = null;
    try {
      saved = (await reportImportApi.mapping(network)).mapping;
    } catch {
      // Without the saved mapping the columns are guessed from their names; the admin can still choose.
    }
    if (run.current !== current || !isPostbackNetwork(network)) return;
    setMapping(suggestMapping(network, parsed.report.headers, saved));
    setStage('mapping');
    setStatus(`${parsed.report.rows.length.toLocaleString('en-US')} rows read. Choose the column of each field, then preview.`);
  };

  const startImport = async () => {
    if (!report || !preview) return;
    const current = run.current;
    const format = formatOf(report, mapping);
    const wanted = new Set(preview.filter(writes).map((row) => row.rowNumber));
    const rows = rowsOf(report, format).filter((row) => wanted.has(row.rowNumber));
    setStage('importing');
    setPercent(0);
    setStatus('');
    let counts = emptyReportCounts();
    const errors: string[] = [];
    let failure: string | null = null;
    try {
      // The mapping is remembered once the admin imports with it.
      if (format.mapping) await reportImportApi.saveMapping({ network, mapping: format.mapping });
      const batches = chunks(rows, REPORT_IMPORT_ROWS);
      for (const [index, batch] of batches.entries()) {
        const answer = await reportImportApi.import({ network, headers: report.headers, mapping: format.mapping, rows: batch });
        if (run.current !== current) return;
        counts = addReportCounts(counts, answer.counts);
        for (const row of answer.rows) if (row.outcome === 'failed') errors.push(row.reason ?? `Row ${row.rowNumber}: not imported`);
        setPercent(((index + 1) / batches.length) * 100);
      }
    } catch (error) {
      failure = describe(error);
    }
    if (run.current !== current) return;
    setSummary({ counts, errors, failure });
    setStage('imported');
    const text = `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.unattributed} unattributed, ${counts.failed} failed`;
    setStatus(failure ? `Import failed: ${failure}` : `Import complete: ${text}`);
    toast(failure ? { title: 'Import failed', description: failure, variant: 'error' } : { title: 'Import complete', description: text, variant: 'success' });
  };

  const busy = stage === 'parsing' || stage === 'previewing' || stage === 'importing';
  const problem = report && stage === 'mapping' ? mappingProblem(mapping, report.headers) : null;
  const importable = preview?.filter(writes).length ?? 0;

  return (
    <div className="space-y-6">
      <section aria-labelledby="report-file-heading" className={`${ui.card} space-y-4 p-4`}>
        <div className="space-y-1">
          <h2 id="report-file-heading" className="text-lg font-semibold">
            Import a network report
          </h2>
          <p className="text-sm text-ink-muted">
            A network&rsquo;s earnings or transactions report as CSV, at most 5 MB. Each row is a conversion, matched to a product by its click id or
            product code; importing the same report again changes nothing.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={networkId} className={ui.label}>
              Network
            </label>
            <select
              id={networkId}
              className={ui.input}
              value={network}
              disabled={busy}
              onChange={(event) => {
                reset();
                setInputKey((key) => key + 1);
                setNetwork(event.currentTarget.value as ReportNetwork);
              }}
            >
              {reportNetworks.map((value) => (
                <option key={value} value={value}>
                  {reportNetworkLabels[value]}
                </option>
              ))}
            </select>
          </div>
          <CsvFileField id={fileId} label="Report file" inputKey={inputKey} disabled={busy} onFile={(file) => void chooseFile(file)} />
        </div>
        <ImportProgress stage={stage} percent={percent} status={status} />
        {stage !== 'idle' && (
          <div className="flex flex-wrap gap-3">
            {(stage === 'previewed' || stage === 'importing') && importable > 0 && (
              <button type="button" className={ui.primaryButton} disabled={stage === 'importing'} aria-busy={stage === 'importing' || undefined} onClick={() => void startImport()}>
                <Upload aria-hidden="true" className="size-4" />{' '}
                {stage === 'importing' ? 'Importing…' : `Import ${importable.toLocaleString('en-US')} ${importable === 1 ? 'row' : 'rows'}`}
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

      {stage === 'mapping' && report && (
        <section aria-labelledby="report-mapping-heading" className={`${ui.card} space-y-4 p-4`}>
          <h2 id="report-mapping-heading" className="text-lg font-semibold">
            Map the columns
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {reportFields.map((field) => (
              <MappingSelect
                key={field}
                label={`${reportFieldLabels[field]}${requiredReportFields.includes(field) ? ' (required)' : ''}`}
                headers={report.headers}
                value={mapping[field]}
                onChange={(column) => setMapping((previous) => ({ ...previous, [field]: column }))}
              />
            ))}
          </div>
          {problem && (
            <p role="alert" className="text-sm font-medium text-sale">
              {problem}
            </p>
          )}
          <button type="button" className={ui.primaryButton} disabled={problem !== null} onClick={() => void runPreview(run.current, report, mapping)}>
            Preview rows
          </button>
        </section>
      )}

      {summary && <ReportImportSummary {...summary} />}
      {preview && !summary && <ReportImportPreview rows={preview} />}
    </div>
  );
}

function MappingSelect({ label, headers, value, onChange }: { label: string; headers: readonly string[]; value: string | undefined; onChange: (column: string | undefined) => void }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select id={id} className={ui.input} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}>
        <option value="">Not in the file</option>
        {headers.map((header) => (
          <option key={header} value={header}>
            {header}
          </option>
        ))}
      </select>
    </div>
  );
}

function ReportImportSummary({ counts, errors, failure }: Summary) {
  const figures: [string, number][] = [
    ['Created', counts.created],
    ['Updated', counts.updated],
    ['Unchanged', counts.unchanged],
    ['Unattributed', counts.unattributed],
    ['Failed', counts.failed],
  ];
  return (
    <section aria-labelledby="report-summary-heading" className={`${ui.card} space-y-4 p-4`}>
      <h2 id="report-summary-heading" className="text-lg font-semibold">
        Import summary
      </h2>
      {failure && (
        <p role="alert" className="text-sm font-medium text-sale">
          The import stopped: {failure}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Import counts">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-lg bg-muted/60 p-3">
            <dt className="text-xs font-semibold text-ink-muted uppercase">{name}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {counts.unattributed > 0 && <p className="text-sm text-ink-muted">Unattributed conversions wait on the dashboard to be given a product.</p>}
      {errors.length > 0 && (
        <div role="region" aria-label="Rows not imported" tabIndex={0} className="max-h-64 overflow-auto rounded-lg border border-line p-3">
          <ul className="space-y-1 text-sm text-sale">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

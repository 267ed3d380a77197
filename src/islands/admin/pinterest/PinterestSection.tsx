/**
 * The Pinterest screen (issue 12): the connection's state, the pins filtered by status and board (in the URL) and
 * paged by the server, a selection with bulk actions, 'New pin' and bulk drafts. While pins wait to go out the list
 * asks again every few seconds, so a scheduled pin is seen turning published (or failed) without a reload.
 */
import type { RowSelectionState } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { PIN_PAGE_SIZES, type PinBulkResult, type PinExport, type PinList } from '../../../domain/admin/pinterest/api.ts';
import { pinStatuses, pinStatusLabels, pinTexts } from '../../../domain/admin/pinterest/texts.ts';
import { bulkResultVariant } from '../../../domain/admin/pinterest/board-rule.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import CreateDrafts from './CreateDrafts.tsx';
import PinBulkBar, { pinCountLabel } from './PinBulkBar.tsx';
import PinEditor, { type EditorTarget } from './PinEditor.tsx';
import PinTable from './pin-table.tsx';
import { usePinListView } from './pin-list-query.ts';
import { pinterestApi, pinterestKeys, refreshPins } from './pinterest-api.ts';
import TokenNotice from './TokenNotice.tsx';

/** How often the list is asked again while a pin is scheduled or publishing. */
const WATCH_MS = 3_000;

function waiting(list: PinList | undefined): boolean {
  return !!list && (list.counts.publishing > 0 || list.rows.some((pin) => pin.status === 'scheduled' || pin.status === 'publishing'));
}

function download(files: PinExport['files']): void {
  for (const file of files) {
    const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

function Filters({ view, boards }: { view: ReturnType<typeof usePinListView>; boards: { id: string; name: string }[] }) {
  const statusId = useId();
  const boardId = useId();
  return (
    <div role="search" aria-label="Filter pins" className="flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <label htmlFor={statusId} className="block text-xs font-semibold text-ink-muted">
          Status
        </label>
        <select id={statusId} value={view.query.status ?? ''} onChange={(event) => view.refine({ status: event.target.value || null })} className={`${ui.input} h-10 text-sm`}>
          <option value="">All statuses</option>
          {pinStatuses.map((status) => (
            <option key={status} value={status}>
              {pinStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={boardId} className="block text-xs font-semibold text-ink-muted">
          Board
        </label>
        <select id={boardId} value={view.query.board ?? ''} onChange={(event) => view.refine({ board: event.target.value || null })} className={`${ui.input} h-10 text-sm`}>
          <option value="">All boards</option>
          {boards.map((board) => (
            <option key={board.id} value={board.id}>
              {board.name}
            </option>
          ))}
          {view.query.board && !boards.some((board) => board.id === view.query.board) && <option value={view.query.board}>Board {view.query.board}</option>}
        </select>
      </div>
    </div>
  );
}

function StatusCounts({ counts }: { counts: PinList['counts'] }) {
  return (
    <p className="text-sm text-ink-muted">
      {pinStatuses.map((status) => `${pinStatusLabels[status]} ${counts[status] ?? 0}`).join(' · ')}
    </p>
  );
}

function Pager({ total, page, pageSize, onPage, onPageSize }: { total: number; page: number; pageSize: number; onPage: (page: number) => void; onPageSize: (size: number) => void }) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        <span className="font-semibold">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <span className="text-ink-muted"> · {pinCountLabel(total)}</span>
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-ink-muted">
          Rows per page
        </label>
        <select id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))} className={`${ui.input} h-9 w-20 text-sm`}>
          {PIN_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="button" className={ui.iconButton} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className={ui.iconButton} disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}

export default function PinterestSection() {
  const view = usePinListView();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: pinterestKeys.state, queryFn: pinterestApi.state });
  const boards = useQuery({ queryKey: pinterestKeys.boards, queryFn: pinterestApi.boards, enabled: state.data?.configured === true, retry: false });
  const list = useQuery({
    queryKey: pinterestKeys.list(view.query),
    queryFn: () => pinterestApi.list(view.query),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (waiting(query.state.data) ? WATCH_MS : false),
  });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [editor, setEditor] = useState<EditorTarget>();
  const [summary, setSummary] = useState<PinBulkResult>();

  const filterKey = `${view.query.status ?? ''}|${view.query.board ?? ''}|${view.query.page}|${view.query.pageSize}`;
  useEffect(() => setRowSelection({}), [filterKey]);
  // A pin that turned published while being watched changes the publisher's figures too.
  const published = list.data?.counts.published ?? 0;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: pinterestKeys.state });
  }, [published, queryClient]);

  const ids = Object.keys(rowSelection).filter((id) => rowSelection[id]).map(Number);
  const boardList = boards.data?.boards ?? [];
  const boardsMessage = state.data && !state.data.configured ? pinTexts.notConfigured : (boards.data?.message ?? null);
  const canPublish = state.data?.configured === true && state.data.tokenStatus !== 'needs_renewal';

  const afterBulk = { onSettled: () => refreshPins(queryClient), onSuccess: () => setRowSelection({}) };
  const bulk = useMutation({
    mutationFn: pinterestApi.bulk,
    ...afterBulk,
    onSuccess: (result) => {
      toast({ title: result.title, description: result.description || undefined, variant: bulkResultVariant(result) });
      setRowSelection({});
    },
    onError: (error) => toastApiError(error, pinTexts.bulkFailed),
  });
  const publishNow = useMutation({
    mutationFn: pinterestApi.publishNow,
    ...afterBulk,
    onSuccess: (report) => {
      toast({ title: `${pinCountLabel(report.published)} published`, description: report.message, variant: report.failed > 0 ? 'error' : 'success' });
      setRowSelection({});
    },
    onError: (error) => toastApiError(error, pinTexts.publishFailed),
  });
  const exportCsv = useMutation({
    mutationFn: pinterestApi.exportCsv,
    onSuccess: (answer) => {
      download(answer.files);
      const rows = answer.files.reduce((sum, file) => sum + file.rows, 0);
      const skipped = answer.skipped.length > 0 ? ` ${pinCountLabel(answer.skipped.length)} left out: ${answer.skipped[0]!.reason}` : '';
      toast({
        title: `${answer.files.length} CSV ${answer.files.length === 1 ? 'file' : 'files'} downloaded`,
        description: `${pinCountLabel(rows)} for Pinterest’s bulk create.${skipped}`,
        variant: answer.files.length > 0 ? 'success' : 'error',
      });
    },
    onError: (error) => toastApiError(error, pinTexts.exportFailed),
  });
  const busy = bulk.isPending || publishNow.isPending || exportCsv.isPending;

  return (
    <div className="space-y-5">
      {state.data ? <TokenNotice state={state.data} /> : state.isError && <p role="alert">The Pinterest connection's state could not be loaded.</p>}
      {boards.data?.tokenStatus === 'needs_renewal' && state.data?.tokenStatus !== 'needs_renewal' && (
        <p role="alert" className="text-sm text-sale">
          {pinTexts.tokenNeedsRenewal}
        </p>
      )}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <Filters view={view} boards={boardList} />
        <div className="flex flex-wrap gap-2">
          <CreateDrafts boards={boardList} onCreated={setSummary} />
          <button type="button" className={ui.primaryButton} onClick={() => setEditor({ mode: 'new' })}>
            <Plus aria-hidden="true" className="size-4" />
            New pin
          </button>
        </div>
      </div>
      {view.invalid && (
        <p role="alert" className="text-sm text-sale">
          The link's filters were not understood ({view.invalid}), so all pins are shown.
        </p>
      )}
      {summary && (
        <section aria-label="Drafts created" className="rounded-lg bg-brand-50 px-4 py-3 text-sm">
          <p className="font-semibold">{summary.title}</p>
          {summary.description && <p>{summary.description}</p>}
          <button type="button" className={`${ui.link} mt-1`} onClick={() => setSummary(undefined)}>
            Dismiss
          </button>
        </section>
      )}
      {list.data && <StatusCounts counts={list.data.counts} />}

      <PinBulkBar
        count={ids.length}
        busy={busy}
        boards={boardList}
        canPublish={canPublish}
        onBulk={(body) => bulk.mutateAsync({ ...body, ids } as Parameters<typeof pinterestApi.bulk>[0])}
        onPublishNow={() => publishNow.mutateAsync(ids)}
        onExport={() => exportCsv.mutateAsync(ids)}
      />

      {list.isPending ? (
        <p role="status" className="py-10 text-center text-ink-muted">
          Loading…
        </p>
      ) : list.isError ? (
        <p role="alert" className="py-10 text-center text-ink-muted">
          {pinTexts.loadFailed}. Please try again.
        </p>
      ) : (
        <>
          <PinTable
            rows={list.data.rows}
            total={list.data.total}
            page={view.query.page}
            pageSize={view.query.pageSize}
            busy={list.isFetching}
            rowSelection={rowSelection}
            onRowSelectionChange={setRowSelection}
            onEdit={(pin) => setEditor({ mode: 'edit', pin })}
          />
          <Pager total={list.data.total} page={view.query.page} pageSize={view.query.pageSize} onPage={view.setPage} onPageSize={(pageSize) => view.refine({ pageSize })} />
        </>
      )}

      <PinEditor target={editor} boards={boardList} boardsMessage={boardsMessage} onClose={() => setEditor(undefined)} />
    </div>
  );
}

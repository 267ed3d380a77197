/**
 * Choosing a product block's products (and a list's notes, a table's rows): a search of the catalogue by name, SKU or
 * ASIN, the chosen products in order with Move up / Move down / Remove, then Insert (or Save for a block being
 * edited). The result is checked with the stored block's own rules (block-markup.ts) before it reaches the editor.
 */
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  BLOCK_LIMITS,
  DEFAULT_TABLE_ROWS,
  FIELD_ROWS,
  NOTE_MAX,
  ROWS_MAX,
  blockAttributes,
  parseBlockAttributes,
  rowLabel,
  specRow,
  type BlockKind,
  type FieldRow,
  type ProductBlock,
  type RowKey,
} from '../../../domain/article-blocks/block-markup.ts';
import { thumbnailSrc } from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import { dialogFrame, overlayClass } from '../ui/dialog-frame.tsx';
import { SEARCH_RESULTS_SHOWN, useChosenProducts, useProductSearch, type ChosenProduct } from './block-products-api.ts';

export const BLOCK_NAMES: Readonly<Record<BlockKind, string>> = { box: 'Product box', list: 'Ranked list', grid: 'Product grid', table: 'Comparison table' };

interface Chosen extends Pick<ChosenProduct, 'id' | 'name' | 'imageUrl'> {
  note: string;
}

export interface ProductBlockDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  kind: BlockKind;
  /** The block being edited; absent for a new one. */
  initial?: ProductBlock;
  onSave(block: ProductBlock): void;
  /** For another use of the same search (a roundup's picks): the dialog's title, its save button and its limit. */
  title?: string;
  saveLabel?: string;
  maxProducts?: number;
}

function Thumb({ src }: { src: string | null }) {
  const safe = thumbnailSrc(src);
  return safe ? <img src={safe} alt="" width={40} height={40} className="size-10 shrink-0 rounded-md bg-muted object-cover" /> : <span className="size-10 shrink-0 rounded-md bg-muted" />;
}

export default function ProductBlockDialog({ open, onOpenChange, kind, initial, onSave, title, saveLabel, maxProducts }: ProductBlockDialogProps) {
  const id = useId();
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [rows, setRows] = useState<RowKey[]>([...DEFAULT_TABLE_ROWS]);
  const [specName, setSpecName] = useState('');
  const [error, setError] = useState<string>();
  const known = useChosenProducts(open && initial ? initial.ids : []);
  const search = useProductSearch(open ? term : '');
  // A table offers the chosen products' specifications as rows.
  const forRows = useChosenProducts(open && kind === 'table' ? chosen.map((item) => item.id) : []);
  const suggestions = [...new Set((forRows.data ?? []).flatMap((product) => product.specifications ?? []))]
    .map((name) => specRow(name))
    .filter((key): key is RowKey => key !== null && !rows.includes(key))
    .slice(0, 12);
  const limit = Math.min(maxProducts ?? BLOCK_LIMITS[kind], BLOCK_LIMITS[kind]);

  useEffect(() => {
    if (!open) return;
    setTerm('');
    setSpecName('');
    setError(undefined);
    setRows(initial?.rows.length ? [...initial.rows] : [...DEFAULT_TABLE_ROWS]);
    setChosen(initial ? initial.ids.map((productId, index) => ({ id: productId, name: `Product ${productId}`, imageUrl: null, note: initial.notes[index] ?? '' })) : []);
  }, [open]);

  useEffect(() => {
    // Names and images arrive after the ids: fill them in without losing notes or order edited meanwhile.
    if (!known.data) return;
    const byId = new Map(known.data.map((product) => [product.id, product]));
    setChosen((current) => current.map((item) => ({ ...item, ...(byId.has(item.id) ? { name: byId.get(item.id)!.name, imageUrl: byId.get(item.id)!.imageUrl } : {}) })));
  }, [known.data]);

  const add = (product: { id: number; name: string; imageUrl: string | null }) => {
    setError(undefined);
    setChosen((current) => {
      if (current.some((item) => item.id === product.id)) return current;
      const next = { id: product.id, name: product.name, imageUrl: product.imageUrl, note: '' };
      return kind === 'box' ? [next] : current.length >= limit ? current : [...current, next];
    });
  };
  const move = (index: number, by: number) =>
    setChosen((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const toggleRow = (key: RowKey) => setRows((current) => (current.includes(key) ? current.filter((row) => row !== key) : [...current, key]));
  const addSpec = () => {
    const key = specRow(specName);
    if (!key) return setError('A specification row needs a short name (up to 40 letters, digits or spaces, no commas).');
    if (!rows.includes(key) && rows.length < ROWS_MAX) setRows([...rows, key]);
    setSpecName('');
    setError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React bubbles events through the portal: without this, the post's own form would submit (and save) too.
    event.stopPropagation();
    if (chosen.length === 0) return setError('Choose at least one product.');
    if (kind === 'table' && rows.length === 0) return setError('Choose at least one row.');
    const draft: ProductBlock = { kind, ids: chosen.map((item) => item.id), notes: kind === 'list' ? chosen.map((item) => item.note) : [], rows: kind === 'table' ? rows : [] };
    const block = parseBlockAttributes(blockAttributes(draft));
    if (!block) return setError(`Notes are at most ${NOTE_MAX} characters.`);
    onSave(block);
    onOpenChange(false);
  };

  const results = term.trim() ? (search.data?.rows ?? []).slice(0, SEARCH_RESULTS_SHOWN) : [];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={dialogFrame('lg')}>
          <form noValidate className="space-y-4" onSubmit={submit}>
            <Dialog.Title className="text-lg font-bold text-ink">{title ?? BLOCK_NAMES[kind]}</Dialog.Title>
            <Dialog.Description className="text-sm text-ink-muted">
              {kind === 'box' ? 'Choose one product.' : `Choose up to ${limit} products, in the order readers see them.`} Prices, stock and links come from the
              product when the site is built.
            </Dialog.Description>

            <div className="space-y-1.5">
              <label htmlFor={`${id}-search`} className={ui.label}>
                Search products by name, SKU or ASIN
              </label>
              <input id={`${id}-search`} type="search" className={ui.input} value={term} onChange={(event) => setTerm(event.target.value)} autoComplete="off" />
            </div>
            {results.length > 0 && (
              <ul aria-label="Search results" className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-line p-1">
                {results.map((row) => (
                  <li key={row.id} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-brand-50">
                    <Thumb src={row.imageUrl} />
                    <span className="min-w-0 flex-1 truncate text-sm text-ink">
                      {row.name}
                      <span className="ml-2 text-xs text-ink-muted">{[row.sku, row.asin, row.status === 'draft' ? 'draft' : null].filter(Boolean).join(' · ')}</span>
                    </span>
                    <button type="button" className={ui.secondaryButton} aria-label={`Add ${row.name}`} onClick={() => add(row)} disabled={chosen.some((item) => item.id === row.id)}>
                      Add
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {term.trim() && search.isSuccess && results.length === 0 && <p className="text-sm text-ink-muted">No products match.</p>}
            {term.trim() && search.isError && (
              <p role="alert" className="text-sm font-medium text-sale">
                The search failed: {search.error.message}
              </p>
            )}

            <section aria-labelledby={`${id}-chosen`} className="space-y-2">
              <h3 id={`${id}-chosen`} className="text-sm font-semibold text-ink">
                Chosen products ({chosen.length}/{limit})
              </h3>
              {chosen.length === 0 ? (
                <p className="text-sm text-ink-muted">None yet.</p>
              ) : (
                <ol className="space-y-2">
                  {chosen.map((item, index) => (
                    <li key={item.id} className="space-y-2 rounded-lg border border-line p-2">
                      <div className="flex items-center gap-3">
                        {kind === 'list' && <span className="w-5 text-sm font-bold text-brand-700">{index + 1}.</span>}
                        <Thumb src={item.imageUrl} />
                        <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{item.name}</span>
                        {kind !== 'box' && (
                          <>
                            <button type="button" className={ui.iconButton} aria-label={`Move ${item.name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                              <ArrowUp aria-hidden="true" />
                            </button>
                            <button type="button" className={ui.iconButton} aria-label={`Move ${item.name} down`} disabled={index === chosen.length - 1} onClick={() => move(index, 1)}>
                              <ArrowDown aria-hidden="true" />
                            </button>
                          </>
                        )}
                        <button type="button" className={ui.iconButton} aria-label={`Remove ${item.name}`} onClick={() => setChosen(chosen.filter((other) => other.id !== item.id))}>
                          <X aria-hidden="true" />
                        </button>
                      </div>
                      {kind === 'list' && (
                        <input
                          className={ui.input}
                          aria-label={`Note for ${item.name}`}
                          placeholder="A short note (optional)"
                          maxLength={NOTE_MAX}
                          value={item.note}
                          onChange={(event) => setChosen(chosen.map((other) => (other.id === item.id ? { ...other, note: event.target.value } : other)))}
                        />
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </section>

            {kind === 'table' && (
              <fieldset className="space-y-2">
                <legend className={ui.label}>Rows</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-2">
                  {(Object.keys(FIELD_ROWS) as FieldRow[]).map((key) => (
                    <label key={key} className="inline-flex items-center gap-2 text-sm text-ink">
                      <input type="checkbox" className="size-4" checked={rows.includes(key)} onChange={() => toggleRow(key)} />
                      {FIELD_ROWS[key]}
                    </label>
                  ))}
                </div>
                {rows.filter((row) => row.startsWith('spec:')).length > 0 && (
                  <ul aria-label="Specification rows" className="flex flex-wrap gap-2">
                    {rows
                      .filter((row) => row.startsWith('spec:'))
                      .map((row) => (
                        <li key={row} className="inline-flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm">
                          {rowLabel(row)}
                          <button type="button" className="rounded-full p-0.5 hover:bg-brand-50" aria-label={`Remove row ${rowLabel(row)}`} onClick={() => toggleRow(row)}>
                            <X aria-hidden="true" className="size-3.5" />
                          </button>
                        </li>
                      ))}
                  </ul>
                )}
                {suggestions.length > 0 && (
                  <div className="flex flex-wrap gap-2" aria-label="Specifications of the chosen products" role="group">
                    {suggestions.map((key) => (
                      <button key={key} type="button" className="rounded-full border border-line px-3 py-1 text-sm hover:bg-brand-50" onClick={() => toggleRow(key)}>
                        Add row: {rowLabel(key)}
                      </button>
                    ))}
                  </div>
                )}
                <div className="flex items-end gap-2">
                  <div className="flex-1 space-y-1.5">
                    <label htmlFor={`${id}-spec`} className={ui.label}>
                      Specification row
                    </label>
                    <input
                      id={`${id}-spec`}
                      className={ui.input}
                      value={specName}
                      placeholder="e.g. Weight"
                      onChange={(event) => setSpecName(event.target.value)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          addSpec();
                        }
                      }}
                    />
                  </div>
                  <button type="button" className={ui.secondaryButton} onClick={addSpec}>
                    Add row
                  </button>
                </div>
              </fieldset>
            )}

            {error && (
              <p role="alert" className="text-sm font-medium text-sale">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close className={ui.secondaryButton}>Cancel</Dialog.Close>
              <button type="submit" className={ui.primaryButton}>
                {saveLabel ?? (initial ? 'Save block' : `Insert ${BLOCK_NAMES[kind].toLowerCase()}`)}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

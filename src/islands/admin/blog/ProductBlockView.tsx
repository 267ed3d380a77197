/**
 * A product block inside the editor (product-block-node.ts): a card naming the kind and showing the chosen products
 * (name, image; a deleted one says so), with Edit and Remove. What readers see is made at build time.
 */
import { NodeViewWrapper, type NodeViewProps } from '@tiptap/react';
import { useState } from 'react';
import { rowLabel, type ProductBlock } from '../../../domain/article-blocks/block-markup.ts';
import { thumbnailSrc } from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import { useChosenProducts } from './block-products-api.ts';
import ProductBlockDialog, { BLOCK_NAMES } from './ProductBlockDialog.tsx';

export default function ProductBlockView({ node, updateAttributes, deleteNode, selected }: NodeViewProps) {
  const block = node.attrs.block as ProductBlock;
  const [editing, setEditing] = useState(false);
  const products = useChosenProducts(block.ids);
  const name = BLOCK_NAMES[block.kind];
  return (
    <NodeViewWrapper
      as="div"
      className={`my-4 rounded-lg border-2 border-dashed bg-brand-50/40 p-3 ${selected ? 'border-brand-500' : 'border-brand-200'}`}
      data-drag-handle=""
      role="group"
      aria-label={name}
      contentEditable={false}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="m-0 text-sm font-bold text-brand-800">{name}</p>
        <div className="flex gap-2">
          <button type="button" className={ui.secondaryButton} aria-label={`Edit ${name.toLowerCase()}`} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className={ui.secondaryButton} aria-label={`Remove ${name.toLowerCase()}`} onClick={() => deleteNode()}>
            Remove
          </button>
        </div>
      </div>
      <ol className="m-0 mt-2 flex list-none flex-wrap gap-2 p-0">
        {block.ids.map((id, index) => {
          const product = products.data?.[index];
          const src = thumbnailSrc(product?.imageUrl ?? null);
          return (
            <li key={id} className="m-0 flex max-w-64 items-center gap-2 rounded-md border border-line bg-surface p-1.5 text-sm">
              {src ? <img src={src} alt="" width={36} height={36} className="m-0 size-9 rounded object-cover" /> : <span className="size-9 rounded bg-muted" />}
              <span className="min-w-0">
                <span className="block truncate font-medium text-ink">
                  {block.kind === 'list' ? `${index + 1}. ` : ''}
                  {product?.name ?? `Product ${id}`}
                </span>
                {product && !product.found && <span className="block text-xs text-sale">Deleted: not shown</span>}
                {product?.status === 'draft' && <span className="block text-xs text-ink-muted">Draft: not shown until published</span>}
                {block.notes[index] && <span className="block truncate text-xs text-ink-muted">{block.notes[index]}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      {block.kind === 'table' && <p className="m-0 mt-2 text-xs text-ink-muted">Rows: {block.rows.map(rowLabel).join(', ')}</p>}
      <ProductBlockDialog open={editing} onOpenChange={setEditing} kind={block.kind} initial={block} onSave={(next) => updateAttributes({ block: next })} />
    </NodeViewWrapper>
  );
}

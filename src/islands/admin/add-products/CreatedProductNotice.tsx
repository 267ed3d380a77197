/** What a create leaves on screen: where the new product will be, and a way to edit it now. */
import { CheckCircle2 } from 'lucide-react';
import type { CreatedProduct } from '../../../domain/admin/product-batch.ts';
import { ui } from '../../ui.ts';

/** The link and the Edit button stand alone in their row, not in a sentence: each is a 24 px target (WCAG 2.5.8). */
const rowTarget = `${ui.link} inline-flex min-h-6 items-center`;

export function CreatedProductNotice({ products, onEdit }: { products: readonly CreatedProduct[]; onEdit: (id: number) => void }) {
  if (products.length === 0) return null;
  return (
    <section aria-label="Created products" className={`${ui.card} space-y-2 border-success/40 p-4`}>
      <p className="flex items-center gap-2 font-semibold text-ink">
        <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
        {products.length === 1 ? 'Product created.' : `${products.length} products created.`} Their pages appear once the site is rebuilt.
      </p>
      <ul className="space-y-1 text-sm">
        {products.map((product) => (
          <li key={product.id} className="flex flex-wrap items-center gap-x-3">
            <span className="font-medium text-ink">{product.name}</span>
            <a className={rowTarget} href={`/product/${product.slug}`} target="_blank" rel="noopener">
              /product/{product.slug}
            </a>
            <button type="button" className={`${rowTarget} text-left`} onClick={() => onEdit(product.id)}>
              Edit {product.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

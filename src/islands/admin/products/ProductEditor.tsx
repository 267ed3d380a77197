/**
 * The editor of one product (issue 10, point 3 and 4): the product as stored, in the same form as Manual Form. The
 * address stays unless the admin renamed the product and asks for the new one. The products list and Add Products
 * open it; `onDone` is called after a save or on cancel.
 */
import { useId, useState } from 'react';
import { productTexts, type ProductInput } from '../../../domain/admin/product-form.ts';
import { productFormFromProduct, type AdminProduct } from '../../../domain/admin/product-row.ts';
import { slugFollowsName } from '../../../domain/admin/product-slug.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { adminKeys, toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import PriceHistory from '../prices/PriceHistory.tsx';
import ProductForm from './ProductForm.tsx';
import { productApi, productKeys } from './product-api.ts';

export interface ProductEditorProps {
  productId: number;
  onDone: () => void;
}

function EditForm({ product, onDone }: { product: AdminProduct; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [renameSlug, setRenameSlug] = useState(false);
  const renameId = useId();
  const save = useMutation({
    mutationFn: (input: ProductInput) => productApi.update(product.id, { ...input, renameSlug }),
  });

  const submit = async (input: ProductInput) => {
    try {
      const { product: saved } = await save.mutateAsync(input);
      queryClient.setQueryData(productKeys.one(saved.id), { product: saved });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      toast({ title: productTexts.updated, description: `"${saved.name}" is saved; /product/${saved.slug} shows it once the site is rebuilt.`, variant: 'success' });
      onDone();
      return true;
    } catch (error) {
      toastApiError(error, productTexts.updateFailed);
      return false;
    }
  };

  const renameChoice = (name: string) =>
    slugFollowsName(product.slug, name) ? null : (
      <label htmlFor={renameId} className="mt-2 flex items-start gap-2 text-sm text-ink">
        <input id={renameId} type="checkbox" className="mt-0.5 size-4 accent-brand-700" checked={renameSlug} onChange={(event) => setRenameSlug(event.target.checked)} />
        <span>
          Also change the address from /product/{product.slug} to follow the new name (links already shared to the old address stop working).
        </span>
      </label>
    );

  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        Editing <strong className="text-ink">{product.name}</strong> at{' '}
        <a className={ui.link} href={`/product/${product.slug}`} target="_blank" rel="noopener">
          /product/{product.slug}
        </a>
      </p>
      <ProductForm
        defaultValues={productFormFromProduct(product)}
        submitLabel="Save changes"
        pending={save.isPending}
        onSubmit={submit}
        afterName={renameChoice}
        onCancel={onDone}
        validateOnOpen={product.name === ''}
      />
      <PriceHistory productId={product.id} />
    </div>
  );
}

export default function ProductEditor({ productId, onDone }: ProductEditorProps) {
  const product = useQuery({ queryKey: productKeys.one(productId), queryFn: () => productApi.get(productId) });
  if (product.isPending) return <p role="status">Loading…</p>;
  if (product.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-ink-muted">The product could not be loaded. {product.error.message}</p>
        <button type="button" className={ui.secondaryButton} onClick={onDone}>
          Back
        </button>
      </div>
    );
  }
  return <EditForm key={product.data.product.updatedAt} product={product.data.product} onDone={onDone} />;
}

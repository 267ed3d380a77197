/** Manual Form (issue 10, point 4): one product with every field; after a create, its address and a way to edit it. */
import { useState } from 'react';
import type { CreatedProduct } from '../../../domain/admin/product-batch.ts';
import { blankProductForm, productTexts, type ProductInput } from '../../../domain/admin/product-form.ts';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, toastApiError } from '../api.ts';
import ProductEditor from '../products/ProductEditor.tsx';
import ProductForm from '../products/ProductForm.tsx';
import { productApi, productKeys } from '../products/product-api.ts';
import { categoryKeys } from '../categories/categories-api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { CreatedProductNotice } from './CreatedProductNotice.tsx';

export default function ManualForm() {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedProduct | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const create = useMutation({ mutationFn: productApi.create });

  const submit = async (input: ProductInput) => {
    try {
      const { product } = await create.mutateAsync(input);
      setCreated({ id: product.id, slug: product.slug, name: product.name });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      toast({ title: productTexts.created, description: `"${product.name}" will be at /product/${product.slug} once the site is rebuilt.`, variant: 'success' });
      return true;
    } catch (error) {
      toastApiError(error, productTexts.createFailed);
      return false;
    }
  };

  if (editing !== null) return <ProductEditor productId={editing} onDone={() => setEditing(null)} />;
  return (
    <div className="space-y-6">
      {created && <CreatedProductNotice products={[created]} onEdit={setEditing} />}
      <ProductForm defaultValues={blankProductForm()} resetTo={blankProductForm()} submitLabel="Create product" pending={create.isPending} onSubmit={submit} />
    </div>
  );
}

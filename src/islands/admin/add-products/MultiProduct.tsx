/**
 * Multi-Product (issue 10, point 4; spec sections 5 and 8): compact entries (name, affiliate URL, price, category,
 * image, status) that can be duplicated and removed, at least one always, sent as one batch. Each entry is created
 * all or nothing on the server; created entries leave the list, failed ones stay with their reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import {
  batchOutcomeToast,
  batchRequestFailedToast,
  blankBatchEntry,
  MAX_BATCH_ENTRIES,
  multiProductFormSchema,
  type CreatedProduct,
  type MultiProductForm,
  type MultiProductValues,
} from '../../../domain/admin/product-batch.ts';
import { isMissingRequired, productTexts } from '../../../domain/admin/product-form.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { adminKeys } from '../api.ts';
import { categoryKeys } from '../categories/categories-api.ts';
import ProductEditor from '../products/ProductEditor.tsx';
import { productApi, productKeys } from '../products/product-api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { CreatedProductNotice } from './CreatedProductNotice.tsx';
import { MultiProductEntry } from './MultiProductEntry.tsx';

function missingRequiredToast(errors: FieldErrors<MultiProductValues>) {
  const entries = Array.isArray(errors.entries) ? errors.entries : [];
  if (entries.some((entry) => isMissingRequired(entry?.name?.message ?? entry?.affiliateUrl?.message))) {
    toast({ title: productTexts.missingTitle, description: productTexts.multiMissingDescription, variant: 'error' });
  }
}

export default function MultiProduct() {
  const queryClient = useQueryClient();
  const form = useForm<MultiProductValues, unknown, MultiProductForm>({
    resolver: zodResolver(multiProductFormSchema),
    defaultValues: { entries: [blankBatchEntry()] },
    mode: 'onTouched',
  });
  const entries = useFieldArray({ control: form.control, name: 'entries' });
  /** Why an entry was not created, by the field array's id of the entry. */
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedProduct[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const batch = useMutation({ mutationFn: productApi.createBatch });

  const submit = form.handleSubmit(async ({ entries: valid }) => {
    const ids = entries.fields.map((field) => field.id);
    let answer;
    try {
      answer = await batch.mutateAsync(valid);
    } catch (error) {
      toast(batchRequestFailedToast(error instanceof ApiError ? error.description : String(error)));
      return;
    }
    toast(batchOutcomeToast(answer.created, answer.failed));
    const made = answer.results.flatMap((result) => (result.ok ? [result.product] : []));
    setCreated(made);
    setFailures(Object.fromEntries(answer.results.flatMap((result) => (result.ok ? [] : [[ids[result.index]!, result.reason]]))));
    if (answer.created > 0) {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    }
    const createdIndexes = answer.results.flatMap((result) => (result.ok ? [result.index] : []));
    if (answer.failed === 0) form.reset({ entries: [blankBatchEntry()] });
    else entries.remove(createdIndexes);
  }, missingRequiredToast);

  if (editing !== null) return <ProductEditor productId={editing} onDone={() => setEditing(null)} />;
  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
      <CreatedProductNotice products={created} onEdit={setEditing} />
      <p className="text-sm text-ink-muted">Each product needs a name and an affiliate URL. Entries are created one by one; one that fails does not stop the others.</p>
      <ol className="space-y-4">
        {entries.fields.map((field, index) => (
          <MultiProductEntry
            key={field.id}
            index={index}
            form={form}
            failure={failures[field.id]}
            canRemove={entries.fields.length > 1}
            onDuplicate={() => entries.insert(index + 1, { ...form.getValues(`entries.${index}`) })}
            onRemove={() => entries.remove(index)}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={ui.secondaryButton} onClick={() => entries.append(blankBatchEntry())} disabled={entries.fields.length >= MAX_BATCH_ENTRIES}>
          <Plus aria-hidden="true" className="size-4" /> Add product
        </button>
        <button type="submit" className={ui.primaryButton} disabled={batch.isPending} aria-busy={batch.isPending || undefined}>
          {batch.isPending ? 'Creating…' : `Create ${entries.fields.length} ${entries.fields.length === 1 ? 'product' : 'products'}`}
        </button>
      </div>
    </form>
  );
}

/**
 * The product form (issue 10, point 4): every field an editor sets, checked as typed with the schema the server uses
 * (src/domain/admin/product-form.ts). Manual Form creates with it and the product editor saves with it; the caller
 * decides what a submit does. A submit without the name or affiliate URL raises the spec's 'Missing required fields'
 * toast besides the field messages.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { affiliateNetworks } from '../../../domain/admin/affiliate-platform.ts';
import {
  isMissingRequired,
  productInputSchema,
  productStatusLabels,
  productStatuses,
  productTexts,
  type ProductFormValues,
  type ProductInput,
} from '../../../domain/admin/product-form.ts';
import { UPLOAD_HINT } from '../../../domain/media.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { Field, inputProps } from '../ui/Field.tsx';
import { ImageUploadButton } from '../media/ImageUploadButton.tsx';
import type { AmazonLookupAnswer } from '../../../domain/admin/amazon-lookup.ts';
import { AmazonFill } from './product-form-amazon.tsx';
import { CategorySelect } from './product-form-category.tsx';
import { GalleryInputs } from './product-form-gallery.tsx';
import { TagInput } from './product-form-tags.tsx';
import { ReviewFields } from './product-form-review.tsx';

export interface ProductFormProps {
  defaultValues: ProductFormValues;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when saved, so the form can start afresh (Manual Form) or keep what was typed. */
  onSubmit: (input: ProductInput) => Promise<boolean>;
  /** Starts the form afresh with these values after a successful submit; omitted, the form keeps its values. */
  resetTo?: ProductFormValues;
  /** Shown under the name (the editor's choice to change the address with it). */
  afterName?: (name: string) => ReactNode;
  onCancel?: () => void;
  /**
   * Checks the fields as soon as the form opens: a draft saved from a link whose page could not be read has no name,
   * and its editor says so under the field at once instead of after a first save.
   */
  validateOnOpen?: boolean;
}

const networkLabels: Record<(typeof affiliateNetworks)[number], string> = {
  amazon: 'Amazon',
  rakuten: 'Rakuten',
  ebay: 'eBay',
  walmart: 'Walmart',
  generic: 'Generic',
};

/** A titled group of fields: the legend names the group for screen readers, the grid lays out its fields. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={`${ui.card} p-5`}>
      {/* A floated legend is laid out as ordinary content instead of on the card's border. */}
      <legend className="float-left mb-4 w-full text-base font-bold text-ink">{title}</legend>
      <div className="clear-both grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
const checkboxRow = 'flex items-center gap-2 text-sm font-semibold text-ink';

function missingRequiredToast(errors: FieldErrors<ProductFormValues>) {
  const message = errors.name?.message ?? errors.affiliateUrl?.message;
  if (isMissingRequired(message)) toast({ title: productTexts.missingTitle, description: productTexts.missingDescription, variant: 'error' });
}

export default function ProductForm({ defaultValues, submitLabel, pending, onSubmit, resetTo, afterName, onCancel, validateOnOpen = false }: ProductFormProps) {
  const form = useForm<ProductFormValues, unknown, ProductInput>({ resolver: zodResolver(productInputSchema), defaultValues, mode: 'onTouched' });
  useEffect(() => {
    if (validateOnOpen) void form.trigger('name');
  }, [validateOnOpen, form]);
  const errors = form.formState.errors;
  const name = useWatch({ control: form.control, name: 'name' });
  const affiliateUrl = useWatch({ control: form.control, name: 'affiliateUrl' });
  // What the admin asked Amazon for replaces the form's values; a description already written is kept.
  const fillFromAmazon = ({ asin, fields }: AmazonLookupAnswer) => {
    const set = (field: Parameters<typeof form.setValue>[0], value: unknown) => form.setValue(field, value as never, { shouldDirty: true, shouldValidate: true });
    if (fields.name) set('name', fields.name);
    if (fields.brand) set('brand', fields.brand);
    if (fields.imageUrl) set('imageUrl', fields.imageUrl);
    if (fields.galleryImageUrls.length > 0) set('galleryImageUrls', fields.galleryImageUrls);
    if (fields.price !== null) set('price', String(fields.price));
    set('salePrice', fields.salePrice === null ? '' : String(fields.salePrice));
    set('inStock', fields.inStock);
    if (fields.rating !== null) set('rating', String(fields.rating));
    if (fields.description && !form.getValues('description')?.trim()) set('description', fields.description);
    set('asin', asin);
  };
  const register = (field: Parameters<typeof form.register>[0], ids: { id: string; describedBy: string | undefined }) =>
    inputProps(form.register(field), ids, errors[field as keyof typeof errors]?.message as string | undefined);

  const submit = form.handleSubmit(async (input) => {
    const saved = await onSubmit(input);
    if (saved && resetTo) form.reset(resetTo);
  }, missingRequiredToast);

  return (
    <form noValidate className="space-y-6" onSubmit={(event) => void submit(event)}>
      <Section title="Product">
        <div className="sm:col-span-2">
          <Field label="Product name (required)" error={errors.name?.message}>
            {(ids) => <input type="text" autoComplete="off" className={ui.input} {...register('name', ids)} />}
          </Field>
          {afterName?.(name ?? '')}
        </div>
        <div className="sm:col-span-2">
          <Field label="Affiliate URL (required)" error={errors.affiliateUrl?.message} hint="The retailer link shoppers follow; its platform is detected from the address.">
            {(ids) => <input type="url" inputMode="url" autoComplete="off" placeholder="https://" className={ui.input} {...register('affiliateUrl', ids)} />}
          </Field>
          <AmazonFill url={affiliateUrl ?? ''} onFilled={fillFromAmazon} />
        </div>
        <div className="sm:col-span-2">
          <Field
            label="Description (HTML)"
            error={errors.description?.message}
            hint="Paragraphs, lists, links and tables are kept; scripts, styles and images are removed when it is saved."
          >
            {(ids) => <textarea rows={6} className={`${ui.input} h-auto py-2 font-mono text-sm`} {...register('description', ids)} />}
          </Field>
        </div>
      </Section>

      <Section title="Price and rating">
        <Field label="Price ($)" error={errors.price?.message}>
          {(ids) => <input type="number" inputMode="decimal" min={0} step={0.01} className={ui.input} {...register('price', ids)} />}
        </Field>
        <Field label="Sale price ($)" error={errors.salePrice?.message} hint="Shown as a sale only when below the price.">
          {(ids) => <input type="number" inputMode="decimal" min={0} step={0.01} className={ui.input} {...register('salePrice', ids)} />}
        </Field>
        <Field label="Rating (1 to 5)" error={errors.rating?.message} hint="Steps of 0.1; leave empty for no rating.">
          {(ids) => <input type="number" inputMode="decimal" min={1} max={5} step={0.1} className={ui.input} {...register('rating', ids)} />}
        </Field>
        <Field label="Commission rate (%)" error={errors.commissionRate?.message}>
          {(ids) => <input type="number" inputMode="decimal" min={0} max={100} step={0.01} className={ui.input} {...register('commissionRate', ids)} />}
        </Field>
      </Section>

      <Section title="Images">
        <div className="sm:col-span-2">
          <Field label="Image URL" error={errors.imageUrl?.message} hint={`Or upload a file: ${UPLOAD_HINT}`}>
            {(ids) => (
              <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                <input type="url" inputMode="url" autoComplete="off" placeholder="https://" className={ui.input} {...register('imageUrl', ids)} />
                <ImageUploadButton label="Upload image" onUploaded={(image) => form.setValue('imageUrl', image.url, { shouldValidate: true, shouldDirty: true })} />
              </div>
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="galleryImageUrls"
            render={({ field, fieldState }) => (
              <GalleryInputs value={field.value ?? ['']} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
            )}
          />
        </div>
      </Section>

      <Section title="Catalogue">
        <Field label="Category" error={errors.categoryId?.message}>
          {(ids) => <CategorySelect {...register('categoryId', ids)} />}
        </Field>
        <Field label="Status" error={errors.status?.message} hint="Drafts never reach the public site.">
          {(ids) => (
            <select className={ui.input} {...register('status', ids)}>
              {productStatuses.map((status) => (
                <option key={status} value={status}>
                  {productStatusLabels[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2">
          <label className={checkboxRow}>
            <input type="checkbox" className="size-4 accent-brand-700" {...form.register('availability')} /> Available (listed in the catalogue)
          </label>
          <label className={checkboxRow}>
            <input type="checkbox" className="size-4 accent-brand-700" {...form.register('inStock')} /> In stock
          </label>
          <label className={checkboxRow}>
            <input type="checkbox" className="size-4 accent-brand-700" {...form.register('featured')} /> Featured (Top Picks)
          </label>
        </div>
      </Section>

      <Section title="Details">
        <div className="sm:col-span-2">
          <Field label="Specifications" error={errors.specifications?.message} hint={productTexts.specificationsHint}>
            {(ids) => <textarea rows={5} spellCheck={false} className={`${ui.input} h-auto py-2 font-mono text-sm`} {...register('specifications', ids)} />}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="tags"
            render={({ field, fieldState }) => <TagInput value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        </div>
        <Field label="Brand" error={errors.brand?.message}>
          {(ids) => <input type="text" autoComplete="off" className={ui.input} {...register('brand', ids)} />}
        </Field>
        <Field label="Button text (CTA)" error={errors.cta?.message} hint="Empty means 'Buy Now'.">
          {(ids) => <input type="text" autoComplete="off" className={ui.input} {...register('cta', ids)} />}
        </Field>
        <Field label="SKU" error={errors.sku?.message}>
          {(ids) => <input type="text" autoComplete="off" className={ui.input} {...register('sku', ids)} />}
        </Field>
        <Field label="ASIN" error={errors.asin?.message} hint="Read from an Amazon URL when left empty.">
          {(ids) => <input type="text" autoComplete="off" spellCheck={false} className={ui.input} {...register('asin', ids)} />}
        </Field>
        <Field label="Affiliate network" error={errors.affiliateNetwork?.message}>
          {(ids) => (
            <select className={ui.input} {...register('affiliateNetwork', ids)}>
              <option value="">Detect from the affiliate URL</option>
              {affiliateNetworks.map((network) => (
                <option key={network} value={network}>
                  {networkLabels[network]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </Section>

      <Section title="Review">
        <ReviewFields form={form} />
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.primaryButton} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={ui.secondaryButton} onClick={onCancel} disabled={pending}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

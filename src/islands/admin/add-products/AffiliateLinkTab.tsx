/**
 * Affiliate Link (issue 11, point 1; spec sections 4, 5 and 8): paste a product link, and the server stores the link,
 * reads the page and creates the product. One request does it all, so the link and its product are never left half
 * made by a closed tab; the progress bar shows 'saving' while the request leaves and 'scraping' once the server is
 * past the link (it stores it in milliseconds), 'complete' on the answer, then idle again after 2 seconds.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  COMPLETE_RESET_MS,
  duplicateLinkAnswerSchema,
  existingProductTexts,
  fromLinkAnswerSchema,
  fromLinkErrorToast,
  fromLinkRequestSchema,
  fromLinkTexts,
  linkProblem,
  linkStageLabels,
  linkStageProgress,
  SCRAPING_AFTER_MS,
  type ExistingProduct,
  type FromLinkAnswer,
  type FromLinkRequest,
  type FromLinkValues,
  type LinkStage,
} from '../../../domain/admin/from-link.ts';
import { productDisplayName } from '../../../domain/admin/needs-review.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { adminKeys, adminRequest } from '../api.ts';
import { categoryKeys } from '../categories/categories-api.ts';
import ProductEditor from '../products/ProductEditor.tsx';
import { productKeys } from '../products/product-api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { Field, inputProps } from '../ui/Field.tsx';
import { CreatedProductNotice } from './CreatedProductNotice.tsx';

const addFromLink = (input: FromLinkRequest) => adminRequest('/api/admin/products/from-link', fromLinkAnswerSchema, { method: 'POST', json: input });

function LinkProgress({ stage }: { stage: LinkStage }) {
  if (stage === 'idle') return null;
  const value = linkStageProgress[stage];
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label="Processing affiliate link"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${linkStageLabels[stage]} ${value}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-300" style={{ width: `${value}%` }} />
      </div>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {linkStageLabels[stage]} ({value}%)
      </p>
    </div>
  );
}

/** The product a 409 names when the pasted link is already in the catalogue; null for any other failure. */
function existingFrom(error: unknown): ExistingProduct | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = duplicateLinkAnswerSchema.safeParse(error.body);
  return parsed.success ? parsed.data.existing : null;
}

/** The link is already in the catalogue: the product that has it, and the way to it instead of a copy. */
function ExistingNotice({ existing, onOpen }: { existing: ExistingProduct; onOpen: (id: number) => void }) {
  return (
    <section aria-label="Already in the catalogue" className={`${ui.card} space-y-2 border-line p-4`}>
      <p className="font-semibold text-ink">{existingProductTexts.title}</p>
      <p className="text-sm text-ink">{existingProductTexts.description(existing.name)}</p>
      <button type="button" className={ui.primaryButton} onClick={() => onOpen(existing.id)}>
        {existingProductTexts.open}
      </button>
    </section>
  );
}

/** A draft whose name could not be read has none; the notice says so rather than inventing one. */
const draftLabel = (answer: FromLinkAnswer) => productDisplayName(answer.product.name);

export default function AffiliateLinkTab() {
  const queryClient = useQueryClient();
  const form = useForm<FromLinkValues, unknown, FromLinkRequest>({ resolver: zodResolver(fromLinkRequestSchema), defaultValues: { url: '' } });
  const [stage, setStage] = useState<LinkStage>('idle');
  const [created, setCreated] = useState<FromLinkAnswer | null>(null);
  const [existing, setExisting] = useState<ExistingProduct | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const timers = useRef<number[]>([]);
  const mutation = useMutation({ mutationFn: addFromLink });

  const later = (ms: number, step: () => void) => timers.current.push(window.setTimeout(step, ms));
  const clearTimers = () => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  };
  useEffect(() => clearTimers, []);

  const submit = form.handleSubmit(
    async (input) => {
      clearTimers();
      setCreated(null);
      setExisting(null);
      setStage('saving');
      later(SCRAPING_AFTER_MS, () => setStage((current) => (current === 'saving' ? 'scraping' : current)));
      let answer: FromLinkAnswer;
      try {
        answer = await mutation.mutateAsync(input);
      } catch (error) {
        clearTimers();
        setStage('idle');
        const found = existingFrom(error);
        if (found) {
          setExisting(found);
          return;
        }
        const problem =
          error instanceof ApiError
            ? fromLinkErrorToast(error.status, error.title, error.description)
            : { title: fromLinkTexts.failedTitle, description: error instanceof Error ? error.message : String(error) };
        toast({ ...problem, variant: 'error' });
        return;
      }
      clearTimers();
      setStage('complete');
      later(COMPLETE_RESET_MS, () => setStage('idle'));
      setCreated(answer);
      form.reset({ url: '' });
      // 'Success!' only when the page was read: a draft made from the link alone is a warning, kept beside the field.
      if (answer.warning) toast({ title: 'Saved as a draft', description: answer.warning, variant: 'warning' });
      else toast({ title: fromLinkTexts.successTitle, description: fromLinkTexts.success, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    },
    () => {
      const problem = linkProblem(form.getValues('url'));
      if (problem) toast({ ...problem, variant: 'error' });
    },
  );

  if (editing !== null) return <ProductEditor productId={editing} onDone={() => setEditing(null)} />;
  const error = form.formState.errors.url?.message;
  const busy = stage === 'saving' || stage === 'scraping';
  return (
    <div className="space-y-6">
      {created && <CreatedProductNotice products={[{ ...created.product, name: draftLabel(created) }]} onEdit={setEditing} />}
      {existing && <ExistingNotice existing={existing} onOpen={setEditing} />}
      <form noValidate className={`${ui.card} space-y-4 p-5`} onSubmit={(event) => void submit(event)}>
        <p className="text-sm text-ink-muted">
          Paste a product link from a retailer or an affiliate network. The site reads the product page and creates the listing; a page it cannot
          read becomes a draft for you to complete. Amazon links (amzn.to too) are filled from Amazon&apos;s Creators API, never from Amazon&apos;s
          pages.
        </p>
        <Field
          label="Affiliate link"
          error={error === fromLinkTexts.invalidTitle ? `${fromLinkTexts.invalidTitle}. ${fromLinkTexts.invalid}` : error}
          hint={created?.warning ? <span role="alert" className="font-medium text-ink">{created.warning}</span> : undefined}
        >
          {(ids) => (
            <input
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://www.amazon.com/dp/B08N5WRWNW"
              className={ui.input}
              readOnly={busy}
              {...inputProps(form.register('url'), ids, error)}
            />
          )}
        </Field>
        <LinkProgress stage={stage} />
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          <Link2 aria-hidden="true" className="size-4" />
          {busy ? 'Processing…' : 'Add product from link'}
        </button>
      </form>
    </div>
  );
}

/**
 * The post editor's Roundup section: the switch that makes a post a roundup ('The best {thing} of {year}'), what it
 * ranks and the year, its picks (chosen with the product blocks' search by name, SKU or ASIN, each with its award and
 * paragraph, reorderable and removable), and the 'How we chose' and 'The competition' sections. Messages come from
 * the same rules the server holds the roundup to (roundup.ts), beside their fields.
 */
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { BlogPostForm } from '../../../domain/admin/blog.ts';
import { ROUNDUP_PICKS_MAX, emptyRoundup } from '../../../domain/editorial/roundup.ts';
import { STANDARD_AWARDS, type Roundup } from '../../../domain/editorial/types.ts';
import { ui } from '../../ui.ts';
import { Field, inputProps } from '../ui/Field.tsx';
import { useChosenProducts } from './block-products-api.ts';
import ProductBlockDialog from './ProductBlockDialog.tsx';

interface Props {
  form: UseFormReturn<BlogPostForm>;
  /** Thing or year changed: the title follows them unless the editor wrote their own (PostForm decides). */
  onThingOrYear(thing: string, year: string): void;
}

type RoundupErrors = FieldErrors<{ roundup: Roundup }>['roundup'];

export default function RoundupSection({ form, onThingOrYear }: Props) {
  const kind = useWatch({ control: form.control, name: 'kind' });
  const isRoundup = kind === 'roundup';
  return (
    <section aria-labelledby="roundup-heading" className="space-y-4 rounded-lg border border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="roundup-heading" className="text-base font-bold">
          Roundup
        </h3>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            role="switch"
            className="size-4 accent-brand-700"
            checked={isRoundup}
            onChange={(event) => {
              const on = event.target.checked;
              form.setValue('kind', on ? 'roundup' : 'article', { shouldDirty: true });
              // Off: the roundup is dropped (an article has none); on: a blank one for this year.
              form.setValue('roundup', on ? emptyRoundup(new Date().getFullYear()) : null, { shouldDirty: true });
              if (on) onThingOrYear('', String(new Date().getFullYear()));
            }}
          />
          This post is a roundup (&lsquo;The best &hellip; of {new Date().getFullYear()}&rsquo;)
        </label>
      </div>
      {isRoundup ? <RoundupFields form={form} onThingOrYear={onThingOrYear} /> : <p className="text-sm text-ink-muted">An article. Turn this on to add picks, a comparison table and the sections of a roundup.</p>}
    </section>
  );
}

function RoundupFields({ form, onThingOrYear }: Props) {
  const control = form.control as unknown as Control<{ roundup: Roundup }>;
  const picks = useFieldArray({ control, name: 'roundup.picks' });
  const errors = (form.formState.errors as FieldErrors<{ roundup: Roundup }>).roundup as RoundupErrors & { message?: string };
  const ids = picks.fields.map((pick) => Number(pick.productId));
  const products = useChosenProducts(ids);
  const nameOf = new Map((products.data ?? []).map((product) => [product.id, product.found ? product.name : `Product ${product.id} (deleted)`]));
  const [choosing, setChoosing] = useState(false);
  const thingField = form.register('roundup.thing' as never, {
    onChange: (event: { target: { value: string } }) => onThingOrYear(event.target.value, String(form.getValues('roundup')?.year ?? '')),
  });
  const yearField = form.register('roundup.year' as never, {
    onChange: (event: { target: { value: string } }) => onThingOrYear(String(form.getValues('roundup')?.thing ?? ''), event.target.value),
  });
  const picksError = errors?.picks?.message ?? errors?.picks?.root?.message;

  return (
    <div className="space-y-4">
      <datalist id="roundup-awards">
        {STANDARD_AWARDS.map((award) => (
          <option key={award} value={award} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field label="What it ranks" error={errors?.thing?.message} hint="For example massage guns: the title reads 'The best massage guns of 2026' unless you write your own.">
          {(fieldIds) => <input type="text" autoComplete="off" className={ui.input} {...inputProps(thingField, fieldIds, errors?.thing?.message)} />}
        </Field>
        <Field label="Year" error={errors?.year?.message}>
          {(fieldIds) => <input type="text" inputMode="numeric" autoComplete="off" className={ui.input} {...inputProps(yearField, fieldIds, errors?.year?.message)} />}
        </Field>
      </div>

      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h4 className="text-sm font-bold">Picks</h4>
          <button type="button" className={ui.secondaryButton} onClick={() => setChoosing(true)}>
            {picks.fields.length === 0 ? 'Choose products' : 'Add or remove products'}
          </button>
        </div>
        {picksError && <p className="text-sm font-medium text-sale">{picksError}</p>}
        {picks.fields.length === 0 && <p className="text-sm text-ink-muted">No picks yet: choose up to {ROUNDUP_PICKS_MAX} products, in the order readers see them.</p>}
        <ol className="space-y-3" aria-label="Picks">
          {picks.fields.map((pick, index) => {
            const pickErrors = errors?.picks?.[index];
            const name = nameOf.get(Number(pick.productId)) ?? `Product ${pick.productId}`;
            return (
              <li key={pick.id} className="space-y-3 rounded-lg border border-line p-3" aria-label={`Pick ${index + 1}: ${name}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">
                    {index + 1}. {name}
                  </p>
                  <div className="flex gap-1">
                    <button type="button" className={ui.iconButton} aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => picks.move(index, index - 1)}>
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </button>
                    <button type="button" className={ui.iconButton} aria-label={`Move ${name} down`} disabled={index === picks.fields.length - 1} onClick={() => picks.move(index, index + 1)}>
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </button>
                    <button type="button" className={ui.iconButton} aria-label={`Remove ${name}`} onClick={() => picks.remove(index)}>
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </div>
                {pickErrors?.productId?.message && <p className="text-sm font-medium text-sale">{pickErrors.productId.message}</p>}
                <Field label={`Award for ${name}`} error={pickErrors?.award?.message} hint="Best Overall, Best Budget, Best Upgrade or your own label.">
                  {(fieldIds) => <input type="text" list="roundup-awards" autoComplete="off" className={ui.input} {...inputProps(form.register(`roundup.picks.${index}.award` as never), fieldIds, pickErrors?.award?.message)} />}
                </Field>
                <Field label={`Why we picked ${name}`} error={pickErrors?.paragraph?.message} hint="A paragraph; basic HTML such as <p>, <strong> and links is kept.">
                  {(fieldIds) => <textarea rows={4} className={`${ui.input} h-auto py-2`} {...inputProps(form.register(`roundup.picks.${index}.paragraph` as never), fieldIds, pickErrors?.paragraph?.message)} />}
                </Field>
              </li>
            );
          })}
        </ol>
      </div>

      <Field label="How we chose" error={errors?.howWeChose?.message} hint="Shown after the comparison table; basic HTML is kept.">
        {(fieldIds) => <textarea rows={4} className={`${ui.input} h-auto py-2`} {...inputProps(form.register('roundup.howWeChose' as never), fieldIds, errors?.howWeChose?.message)} />}
      </Field>
      <Field label="The competition" error={errors?.competition?.message} hint="The products that came close, and why they are not picks.">
        {(fieldIds) => <textarea rows={4} className={`${ui.input} h-auto py-2`} {...inputProps(form.register('roundup.competition' as never), fieldIds, errors?.competition?.message)} />}
      </Field>

      <ProductBlockDialog
        open={choosing}
        onOpenChange={setChoosing}
        kind="grid"
        title="Roundup picks"
        saveLabel="Use these picks"
        maxProducts={ROUNDUP_PICKS_MAX}
        initial={ids.length > 0 ? { kind: 'grid', ids, notes: [], rows: [] } : undefined}
        onSave={(block) => {
          // Picks kept keep their award and paragraph; new ones start blank; the order is the dialog's.
          const current = form.getValues('roundup') as Roundup | null;
          const byId = new Map((current?.picks ?? []).map((pick) => [Number(pick.productId), pick]));
          picks.replace(block.ids.map((id) => byId.get(id) ?? { productId: id, award: '', paragraph: '' }));
        }}
      />
    </div>
  );
}

/**
 * The product form's Review section: the site's own verdict, pros and cons, who it is for, our score, the award, the
 * reviewer and the tested and updated dates, each checked as typed with the rules the server applies
 * (src/domain/editorial/review.ts) and its message beside it. A section left empty stores no review.
 */
import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ProductFormValues, ProductInput } from '../../../domain/admin/product-form.ts';
import { isStandardAward, MAX_AUDIENCE_LENGTH, MAX_AWARD_LENGTH, MAX_VERDICT_LENGTH } from '../../../domain/editorial/review.ts';
import { reviewerOptionsSchema } from '../../../domain/editorial/reviewer-options.ts';
import { STANDARD_AWARDS } from '../../../domain/editorial/types.ts';
import { ui } from '../../ui.ts';
import { adminRequest } from '../api.ts';
import { useQuery } from '../query.ts';
import { Field, inputProps } from '../ui/Field.tsx';
import { NoteList } from './product-form-notes.tsx';

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductInput>;
type ReviewField = 'verdict' | 'bestFor' | 'skipIf' | 'score' | 'award' | 'reviewerId' | 'testedOn' | 'updatedOn';

/** The select's value for 'an award of my own'. */
const OTHER = '__other';

export function useReviewerOptions() {
  return useQuery({ queryKey: ['admin', 'authors', 'reviewer-options'], queryFn: () => adminRequest('/api/admin/authors', reviewerOptionsSchema) });
}

/** The errors under `review`, flattened to what the section shows: field → message, pros/cons rows by index. */
function reviewErrors(form: ProductForm) {
  const errors = (form.formState.errors.review ?? {}) as Record<string, { message?: string } & Record<number, { message?: string } | undefined>>;
  const message = (field: string) => errors[field]?.message;
  const rows = (field: 'pros' | 'cons') => {
    const list = errors[field];
    return list ? Array.from({ length: 8 * 2 }, (_, index) => list[index]?.message) : [];
  };
  return { message, rows };
}

function AwardField({ form, error }: { form: ProductForm; error?: string }) {
  const award = useWatch({ control: form.control, name: 'review.award' }) ?? '';
  const [otherChosen, setOtherChosen] = useState(award !== '' && !isStandardAward(award));
  const choice = otherChosen ? OTHER : award;
  const setAward = (value: string) => form.setValue('review.award', value, { shouldDirty: true, shouldValidate: true });
  return (
    <>
      <Field label="Award" error={otherChosen ? undefined : error}>
        {(ids) => (
          <select
            id={ids.id}
            aria-describedby={ids.describedBy}
            className={ui.input}
            value={choice}
            onChange={(event) => {
              const value = event.target.value;
              setOtherChosen(value === OTHER);
              setAward(value === OTHER ? '' : value);
            }}
          >
            <option value="">No award</option>
            {STANDARD_AWARDS.map((standard) => (
              <option key={standard} value={standard}>
                {standard}
              </option>
            ))}
            <option value={OTHER}>Other</option>
          </select>
        )}
      </Field>
      {otherChosen && (
        <Field label="Your award" error={error} hint={`Your own label, at most ${MAX_AWARD_LENGTH} characters.`}>
          {(ids) => <input type="text" autoComplete="off" maxLength={MAX_AWARD_LENGTH * 2} className={ui.input} {...inputProps(form.register('review.award'), ids, error)} />}
        </Field>
      )}
    </>
  );
}

function ReviewerField({ form, error }: { form: ProductForm; error?: string }) {
  const list = useReviewerOptions();
  const authors = list.data?.authors ?? [];
  const unavailable = list.isError;
  const hint = list.isPending
    ? 'Loading the authors…'
    : unavailable
      ? 'The authors could not be loaded; the review is saved without a reviewer change.'
      : authors.length === 0
        ? 'No authors yet: add one under Authors, then choose them here.'
        : 'Linked to their author page on the review.';
  return (
    <Field label="Reviewer" error={error} hint={hint}>
      {(ids) => (
        <select className={ui.input} disabled={list.isPending || unavailable || authors.length === 0} {...inputProps(form.register('review.reviewerId'), ids, error)}>
          <option value="">No reviewer named</option>
          {authors.map((author) => (
            <option key={author.id} value={String(author.id)}>
              {author.role ? `${author.name} (${author.role})` : author.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function ReviewFields({ form }: { form: ProductForm }) {
  const { message, rows } = reviewErrors(form);
  const register = (field: ReviewField, ids: { id: string; describedBy: string | undefined }) => inputProps(form.register(`review.${field}`), ids, message(field));
  return (
    <>
      <div className="sm:col-span-2">
        <Field label="Verdict" error={message('verdict')} hint={`A sentence or two, at most ${MAX_VERDICT_LENGTH} characters.`}>
          {(ids) => <textarea rows={3} className={`${ui.input} h-auto py-2`} {...register('verdict', ids)} />}
        </Field>
      </div>
      <Controller
        control={form.control}
        name="review.pros"
        render={({ field }) => <NoteList label="Pros" value={field.value ?? ['']} onChange={field.onChange} onBlur={field.onBlur} error={message('pros')} rowErrors={rows('pros')} />}
      />
      <Controller
        control={form.control}
        name="review.cons"
        render={({ field }) => <NoteList label="Cons" value={field.value ?? ['']} onChange={field.onChange} onBlur={field.onBlur} error={message('cons')} rowErrors={rows('cons')} />}
      />
      <Field label="Best for" error={message('bestFor')} hint={`Who it suits, at most ${MAX_AUDIENCE_LENGTH} characters.`}>
        {(ids) => <input type="text" autoComplete="off" className={ui.input} {...register('bestFor', ids)} />}
      </Field>
      <Field label="Skip it if" error={message('skipIf')} hint={`Who should look elsewhere, at most ${MAX_AUDIENCE_LENGTH} characters.`}>
        {(ids) => <input type="text" autoComplete="off" className={ui.input} {...register('skipIf', ids)} />}
      </Field>
      <Field label="Our score (1 to 10)" error={message('score')} hint="Steps of 0.5; separate from the shoppers' rating. Empty for no score.">
        {(ids) => <input type="number" inputMode="decimal" min={1} max={10} step={0.5} className={ui.input} {...register('score', ids)} />}
      </Field>
      <AwardField form={form} error={message('award')} />
      <ReviewerField form={form} error={message('reviewerId')} />
      <Field label="Tested on" error={message('testedOn')}>
        {(ids) => <input type="date" className={ui.input} {...register('testedOn', ids)} />}
      </Field>
      <Field label="Updated on" error={message('updatedOn')} hint="Shown as 'Updated {date}' on the product page.">
        {(ids) => <input type="date" className={ui.input} {...register('updatedOn', ids)} />}
      </Field>
    </>
  );
}

/**
 * A pin's fields (issue 12, point 1), for a new pin and for editing one: checked as typed with the contract's schemas,
 * a counter of characters left under each limited field, our page with UTM parameters as the destination unless the
 * admin chooses the affiliate link (then marked affiliate, with the #ad disclosure), the image with Pinterest's ratio
 * advice, a board, the publish time (kept as a draft, now, or at a local date and time sent as UTC), and a preview.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { Board, PinDefaults } from '../../../domain/admin/pinterest/api.ts';
import { PIN_ALT_TEXT_MAX, PIN_DESCRIPTION_MAX, PIN_LINK_MAX, PIN_TITLE_MAX } from '../../../domain/admin/pinterest/limits.ts';
import { pinTexts } from '../../../domain/admin/pinterest/texts.ts';
import { ui } from '../../ui.ts';
import { Field, inputProps } from '../ui/Field.tsx';
import ImagePicker from './ImagePicker.tsx';
import PinPreview from './PinPreview.tsx';
import { counterAnnouncement, counterText, pinFormSchema, switchLinkType, toLocalInput, type PinFormValues } from './pin-form.ts';

export interface PinFormProps {
  defaults: PinDefaults;
  initialValues: PinFormValues;
  boards: Board[];
  /** Why no board can be chosen (no token, token refused, Pinterest unreachable). */
  boardsMessage: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: PinFormValues) => Promise<void>;
  onCancel: () => void;
}

function Counter({ label, text, limit }: { label: string; text: string; limit: number }) {
  return (
    <>
      <span className={[...text].length > limit ? 'font-semibold text-sale' : undefined}>{counterText(text, limit)}</span>
      <span className="sr-only" aria-live="polite">
        {counterAnnouncement(label, text, limit)}
      </span>
    </>
  );
}

const radioRow = 'flex items-center gap-2 text-sm text-ink';

export default function PinForm({ defaults, initialValues, boards, boardsMessage, submitLabel, pending, onSubmit, onCancel }: PinFormProps) {
  const form = useForm<PinFormValues>({ resolver: zodResolver(pinFormSchema) as never, defaultValues: initialValues, mode: 'onChange' });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as PinFormValues;
  const linkGroup = useId();
  const error = (field: FieldPath<PinFormValues>) => errors[field as keyof typeof errors]?.message as string | undefined;
  const register = (field: FieldPath<PinFormValues>, ids: { id: string; describedBy: string | undefined }) => inputProps(form.register(field), ids, error(field));
  const setLinkType = (to: PinFormValues['linkType']) => {
    const next = switchLinkType(form.getValues(), defaults, to);
    form.setValue('linkType', to);
    form.setValue('link', next.link, { shouldValidate: true });
    form.setValue('description', next.description, { shouldValidate: true });
  };

  return (
    <form noValidate className="grid gap-6 lg:grid-cols-[1fr_auto]" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <div className="space-y-5">
        <Field label="Title" error={error('title')} hint={<Counter label="Title" text={values.title ?? ''} limit={PIN_TITLE_MAX} />}>
          {(ids) => <input className={ui.input} {...register('title', ids)} />}
        </Field>
        <Field label="Description" error={error('description')} hint={<Counter label="Description" text={values.description ?? ''} limit={PIN_DESCRIPTION_MAX} />}>
          {(ids) => <textarea rows={5} className={`${ui.input} h-auto py-2`} {...register('description', ids)} />}
        </Field>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Destination</legend>
          <label className={radioRow}>
            <input type="radio" name={linkGroup} checked={values.linkType === 'page'} onChange={() => setLinkType('page')} className="accent-brand-700" />
            Our {defaults.source.type === 'product' ? 'product' : 'post'} page, with UTM parameters
          </label>
          {defaults.affiliateLink && (
            <label className={radioRow}>
              <input type="radio" name={linkGroup} checked={values.linkType === 'affiliate'} onChange={() => setLinkType('affiliate')} className="accent-brand-700" />
              The affiliate link directly
            </label>
          )}
          {values.linkType === 'affiliate' && (
            <p className="rounded-lg border border-sale/30 bg-sale/5 px-3 py-2 text-sm">
              <span className="mr-2 inline-flex rounded-full bg-sale px-2 py-0.5 text-xs font-bold text-white">Affiliate</span>
              {pinTexts.affiliateNote} Disclosure: <strong>{pinTexts.disclosure}</strong>
            </p>
          )}
        </fieldset>
        <Field label="Destination link" error={error('link')} hint={<Counter label="Destination link" text={values.link ?? ''} limit={PIN_LINK_MAX} />}>
          {(ids) => <input type="url" className={ui.input} {...register('link', ids)} />}
        </Field>

        <ImagePicker images={defaults.images} value={values.imageUrl ?? ''} onChange={(url) => form.setValue('imageUrl', url, { shouldValidate: true })} />
        {error('imageUrl') && <p className="text-sm font-medium text-sale">{error('imageUrl')}</p>}

        <Field label="Alt text" error={error('altText')} hint={<Counter label="Alt text" text={values.altText ?? ''} limit={PIN_ALT_TEXT_MAX} />}>
          {(ids) => <textarea rows={2} className={`${ui.input} h-auto py-2`} {...register('altText', ids)} />}
        </Field>

        {boards.length > 0 ? (
          <Field label="Board" error={error('boardId')}>
            {(ids) => (
              <select className={ui.input} {...register('boardId', ids)}>
                <option value="">Choose a board…</option>
                {boards.map((board) => (
                  <option key={board.id} value={board.id}>
                    {board.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          // Without the list (no token), a board can only be named: the bulk-create CSV needs no more.
          <Field label="Board name" error={error('boardName')} hint={`${boardsMessage ?? 'No boards could be listed.'} ${pinTexts.boardNameHint}`}>
            {(ids) => <input type="text" className={ui.input} {...register('boardName', ids)} />}
          </Field>
        )}

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Publish</legend>
          {(
            [
              ['draft', 'Keep as a draft'],
              ['now', 'Publish now'],
              ['schedule', 'Schedule'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className={radioRow}>
              <input type="radio" value={mode} {...form.register('publish', { onChange: () => void form.trigger(['boardId', 'publishAtLocal']) })} className="accent-brand-700" />
              {label}
            </label>
          ))}
        </fieldset>
        {values.publish === 'schedule' && (
          <Field label="Publish time (your local time)" error={error('publishAtLocal')} hint={`Stored in UTC. Time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}.`}>
            {(ids) => <input type="datetime-local" step={1} min={toLocalInput(new Date()).slice(0, 16)} className={ui.input} {...register('publishAtLocal', ids)} />}
          </Field>
        )}

        <div className="flex flex-wrap gap-3">
          <button type="submit" className={ui.primaryButton} disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Saving…' : submitLabel}
          </button>
          <button type="button" className={ui.secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
      <div className="lg:sticky lg:top-0 lg:self-start">
        <h3 className="mb-2 text-sm font-semibold text-ink">Preview</h3>
        <PinPreview title={values.title ?? ''} description={values.description ?? ''} link={values.link ?? ''} imageUrl={values.imageUrl ?? ''} altText={values.altText ?? ''} />
      </div>
    </form>
  );
}

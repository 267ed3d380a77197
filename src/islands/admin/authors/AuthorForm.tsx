/**
 * Adding or editing an author: name, role, photo (a URL, or an upload to the site's media), areas and bio. Validated
 * with the server's own schema, so a message under a field is the one the server would answer; a refusal the server
 * makes (a page address another author has) shows under the field it names.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AUTHOR_BIO_MAX, AUTHOR_AREAS_MAX, areasFromText, authorFormFrom, authorFormSchema, authorPath, authorSlug, authorTexts, type AdminAuthor, type AuthorForm as AuthorFormValues } from '../../../domain/editorial/author.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { ImageUploadButton } from '../media/ImageUploadButton.tsx';
import { useMutation, useQueryClient } from '../query.ts';
import { Field, inputProps } from '../ui/Field.tsx';
import { authorKeys, authorsApi, refusedField } from './authors-api.ts';

const formFields = ['name', 'role', 'bio', 'photoUrl', 'areas'] as const;

export default function AuthorForm({ saved, onDone }: { saved: AdminAuthor | undefined; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<AuthorFormValues>({ resolver: zodResolver(authorFormSchema), defaultValues: authorFormFrom(saved), mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as AuthorFormValues;
  const errors = form.formState.errors;
  // Areas are typed as one comma-separated line and held as a list.
  const [areasText, setAreasText] = useState(authorFormFrom(saved).areas.join(', '));

  const save = useMutation({
    mutationFn: (input: AuthorFormValues) => (saved ? authorsApi.update(saved.id, input) : authorsApi.create(input)),
    onSuccess: (author) => {
      void queryClient.invalidateQueries({ queryKey: authorKeys.all });
      toast({ title: saved ? authorTexts.updated : authorTexts.created, description: `${author.name}: ${authorTexts.publicAfterRebuild}`, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      const field = formFields.find((name) => name === refusedField(error));
      if (field && error instanceof Error) form.setError(field, { message: error.message }, { shouldFocus: true });
      toastApiError(error, saved ? authorTexts.updateFailed : authorTexts.createFailed);
    },
  });

  const address = saved ? authorPath(saved.slug) : authorPath(authorSlug(values.name ?? '') || '…');
  const areasError = errors.areas?.message ?? (Array.isArray(errors.areas) ? errors.areas.find((item) => item?.message)?.message : undefined);

  return (
    <form noValidate className={`${ui.card} space-y-5 p-5`} onSubmit={form.handleSubmit((valid) => save.mutate(valid))} aria-labelledby="author-form-title">
      <h2 id="author-form-title" className="text-lg font-bold">
        {saved ? `Edit ${saved.name}` : 'New author'}
      </h2>
      <div className="grid gap-5 lg:grid-cols-2">
        <Field label="Name" error={errors.name?.message} hint={`Their page: ${address}${saved ? ' (kept when the name changes)' : ''}.`}>
          {(ids) => <input type="text" autoComplete="off" className={ui.input} {...inputProps(form.register('name'), ids, errors.name?.message)} />}
        </Field>
        <Field label="Role" error={errors.role?.message} hint="Such as Senior editor or Certified strength coach.">
          {(ids) => <input type="text" autoComplete="off" className={ui.input} {...inputProps(form.register('role'), ids, errors.role?.message)} />}
        </Field>
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-2">
          <Field label="Photo URL" error={errors.photoUrl?.message} hint="https://… or a path on this site; or upload one.">
            {(ids) => <input type="text" inputMode="url" autoComplete="off" className={ui.input} {...inputProps(form.register('photoUrl'), ids, errors.photoUrl?.message)} />}
          </Field>
          <ImageUploadButton label="Upload author photo" onUploaded={(image) => form.setValue('photoUrl', image.url, { shouldValidate: true, shouldDirty: true })} />
        </div>
        <Field label="Areas" error={areasError} hint={`What they cover, separated by commas: at most ${AUTHOR_AREAS_MAX}.`}>
          {(ids) => (
            <input
              type="text"
              autoComplete="off"
              className={ui.input}
              id={ids.id}
              aria-describedby={ids.describedBy}
              aria-invalid={areasError ? true : undefined}
              value={areasText}
              onChange={(event) => {
                setAreasText(event.target.value);
                form.setValue('areas', areasFromText(event.target.value), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
              }}
            />
          )}
        </Field>
      </div>
      <Field label="Bio" error={errors.bio?.message} hint={`A few sentences, plain text (${(values.bio ?? '').trim().length}/${AUTHOR_BIO_MAX}).`}>
        {(ids) => <textarea rows={4} className={`${ui.input} h-auto py-2`} {...inputProps(form.register('bio'), ids, errors.bio?.message)} />}
      </Field>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={ui.primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : saved ? 'Save author' : 'Add author'}
        </button>
        <button type="button" className={ui.secondaryButton} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The hero image manager (issue 10, point 7): an image by URL or from the site's own images, with alt text; a colour
 * from the native picker or as #rrggbb; or none. The preview shows the home hero as it will render; saving stores
 * the hero_image record and requests the rebuild that puts it on the home page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { useForm, useWatch } from 'react-hook-form';
import {
  HERO_ALT_MAX,
  heroFormFrom,
  heroFormSchema,
  heroInputFromForm,
  heroPreviewFrom,
  heroSiteImages,
  heroTexts,
  type HeroForm,
  type HeroMode,
  type HeroSetting,
} from '../../../domain/admin/hero.ts';
import { UPLOAD_HINT } from '../../../domain/media.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { adminApi, adminKeys, toastApiError } from '../api.ts';
import { Field, inputProps } from '../ui/Field.tsx';
import { ImageUploadButton } from '../media/ImageUploadButton.tsx';
import HeroPreview from './HeroPreview.tsx';

const modeLabels: Record<HeroMode, string> = { url: 'Image URL', site: 'Site image', color: 'Colour', none: 'None' };

function HeroEditor({ saved }: { saved: HeroSetting }) {
  const queryClient = useQueryClient();
  const form = useForm<HeroForm>({ resolver: zodResolver(heroFormSchema), defaultValues: heroFormFrom(saved.hero), mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as HeroForm;
  const errors = form.formState.errors;
  const save = useMutation({
    mutationFn: adminApi.saveHero,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.hero, answer);
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      form.reset(heroFormFrom(answer.hero));
      toast({ title: heroTexts.saved, description: heroTexts.savedDescription, variant: 'success' });
    },
    onError: (error) => toastApiError(error, heroTexts.saveFailed),
  });
  const pickerValue = /^#[0-9a-f]{6}$/i.test(values.color.trim()) ? values.color.trim().toLowerCase() : '#000000';

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <form noValidate className={`${ui.card} space-y-5 p-5`} onSubmit={form.handleSubmit((valid) => save.mutate(heroInputFromForm(valid)))}>
        <fieldset className="space-y-2">
          <legend className={ui.label}>Background</legend>
          <div className="grid grid-cols-2 gap-2">
            {(Object.keys(modeLabels) as HeroMode[]).map((mode) => (
              <label key={mode} className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-checked:border-brand-500 has-checked:bg-brand-50">
                <input type="radio" value={mode} {...form.register('mode')} className="accent-brand-700" />
                {modeLabels[mode]}
              </label>
            ))}
          </div>
        </fieldset>

        {values.mode === 'url' && (
          <div className="space-y-2">
            <Field label="Image URL" error={errors.url?.message} hint={`An https:// address or a path on this site such as /images/hero.svg, or upload a file: ${UPLOAD_HINT}`}>
              {(ids) => <input type="url" inputMode="url" autoComplete="off" className={ui.input} {...inputProps(form.register('url'), ids, errors.url?.message)} />}
            </Field>
            <ImageUploadButton label="Upload hero image" onUploaded={(image) => form.setValue('url', image.url, { shouldValidate: true, shouldDirty: true })} />
          </div>
        )}
        {values.mode === 'site' && (
          <Field label="Site image" error={errors.siteImage?.message}>
            {(ids) => (
              <select className={ui.input} {...inputProps(form.register('siteImage'), ids, errors.siteImage?.message)}>
                {heroSiteImages.map((image) => (
                  <option key={image.url} value={image.url}>
                    {image.label} ({image.url})
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {(values.mode === 'url' || values.mode === 'site') && (
          <Field label="Alt text" error={errors.alt?.message} hint={`What the image shows, for people who cannot see it (${values.alt.trim().length}/${HERO_ALT_MAX}).`}>
            {(ids) => <input type="text" maxLength={HERO_ALT_MAX + 50} className={ui.input} {...inputProps(form.register('alt'), ids, errors.alt?.message)} />}
          </Field>
        )}
        {values.mode === 'color' && (
          <Field label="Hex colour" error={errors.color?.message} hint="Six hex digits, for example #1e5553.">
            {(ids) => (
              <div className="flex items-center gap-3">
                <input
                  type="color"
                  aria-label="Colour picker"
                  value={pickerValue}
                  onChange={(event) => form.setValue('color', event.target.value, { shouldValidate: true, shouldDirty: true })}
                  className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-surface p-1"
                />
                <input type="text" spellCheck={false} autoComplete="off" placeholder="#rrggbb" className={ui.input} {...inputProps(form.register('color'), ids, errors.color?.message)} />
              </div>
            )}
          </Field>
        )}
        {values.mode === 'none' && <p className="text-sm text-ink-muted">The home page shows its plain muted background.</p>}

        <div className="flex flex-wrap items-center gap-3 pt-1">
          <button type="submit" className={ui.primaryButton} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save hero image'}
          </button>
          {saved.updatedAt && (
            <p className="text-sm text-ink-muted">
              Last saved <time dateTime={saved.updatedAt}>{new Date(saved.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</time>
            </p>
          )}
        </div>
      </form>
      <div className="min-w-0 space-y-2">
        <h2 className="text-sm font-semibold text-ink-muted">Preview</h2>
        <HeroPreview hero={heroPreviewFrom(values)} />
      </div>
    </div>
  );
}

export default function HeroManager() {
  const hero = useQuery({ queryKey: adminKeys.hero, queryFn: adminApi.hero });
  if (hero.isPending) return <p role="status">Loading…</p>;
  if (hero.isError) {
    return (
      <p role="alert" className="text-ink-muted">
        The hero setting could not be loaded. {hero.error.message}
      </p>
    );
  }
  return <HeroEditor saved={hero.data} />;
}

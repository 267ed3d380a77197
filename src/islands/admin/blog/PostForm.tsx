/**
 * Writing a post: title, slug (made from the title until edited by hand), excerpt, image URL, category and the
 * rich-text body, with a Preview tab that renders the post as the public page does. Save draft / Publish for a draft,
 * Update / Unpublish for a published post. After a save the form holds what the server stored (sanitized HTML).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  POST_EXCERPT_MAX,
  blogAdminTexts,
  blogFormFrom,
  blogPostFormSchema,
  categoryChoices,
  savedToast,
  slugFromTitle,
  type AdminBlogPost,
  type BlogPostForm,
} from '../../../domain/admin/blog.ts';
import { categoryLabel } from '../../../domain/blog.ts';
import { roundupTitle } from '../../../domain/editorial/roundup.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field, inputProps } from '../ui/Field.tsx';
import { blogApi, blogKeys, type BlogPostBody } from './blog-api.ts';
import BylineField from './BylineField.tsx';
import { dateTime } from './post-dates.ts';
import PostPreview from './PostPreview.tsx';
import RichTextEditor from './RichTextEditor.tsx';
import RoundupSection from './RoundupSection.tsx';
import StatusBadge from './StatusBadge.tsx';
import type { BlogView } from './use-blog-view.ts';

interface Props {
  saved: AdminBlogPost | undefined;
  moved: boolean;
  go(view: BlogView): void;
  replace(view: BlogView): void;
}

const listView: BlogView = { kind: 'list', query: { status: 'all', search: '', page: 1 } };
const tabClass =
  'rounded-full px-4 py-1.5 text-sm font-semibold text-ink-muted data-[state=active]:bg-brand-700 data-[state=active]:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

export default function PostForm({ saved, moved, go, replace }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<BlogPostForm>({ resolver: zodResolver(blogPostFormSchema), defaultValues: blogFormFrom(saved), mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as BlogPostForm;
  const errors = form.formState.errors;
  // A new post's slug follows its title until the admin types one; a stored post keeps its address.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(saved === undefined);
  // A roundup's title follows 'The best {thing} of {year}' until the admin writes their own (or while it is empty).
  const [titleFollowsRoundup, setTitleFollowsRoundup] = useState(
    saved === undefined || (saved.roundup !== null && saved.title === roundupTitle(saved.roundup.thing, saved.roundup.year)),
  );
  const [editorVersion, setEditorVersion] = useState(0);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const contentLabelId = useId();
  const contentErrorId = useId();
  const dirty = form.formState.isDirty;

  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [moved]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = useMutation({
    mutationFn: (body: BlogPostBody) => (saved ? blogApi.update(saved.id, body) : blogApi.create(body)),
    onSuccess: (answer) => {
      queryClient.setQueryData(blogKeys.post(answer.id), answer);
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists });
      form.reset(blogFormFrom(answer));
      setSlugFollowsTitle(false);
      setTitleFollowsRoundup(answer.roundup !== null && answer.title === roundupTitle(answer.roundup.thing, answer.roundup.year));
      setEditorVersion((version) => version + 1);
      const { title, description } = savedToast(saved ? 'updated' : 'created', saved?.published, answer.published);
      toast({ title, description, variant: 'success' });
      if (!saved) replace({ kind: 'edit', id: answer.id });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) form.setError('slug', { message: error.description }, { shouldFocus: true });
      toastApiError(error, blogAdminTexts.saveFailed);
    },
  });

  const submit = (published: boolean) => form.handleSubmit((valid) => save.mutate({ ...valid, published }));
  const published = saved?.published ?? false;
  const leave = () => (dirty ? setConfirmLeave(true) : go(listView));
  const title = form.register('title', {
    onChange: (event: { target: { value: string } }) => {
      setTitleFollowsRoundup(event.target.value === '');
      if (slugFollowsTitle) form.setValue('slug', slugFromTitle(event.target.value), { shouldValidate: form.formState.isSubmitted });
    },
  });
  const followRoundup = (thing: string, year: string) => {
    if (!titleFollowsRoundup && form.getValues('title').trim() !== '') return;
    const next = thing.trim() === '' ? '' : roundupTitle(thing, year);
    form.setValue('title', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    if (slugFollowsTitle) form.setValue('slug', slugFromTitle(next), { shouldValidate: form.formState.isSubmitted });
    setTitleFollowsRoundup(true);
  };
  const slug = form.register('slug', { onChange: (event: { target: { value: string } }) => setSlugFollowsTitle(event.target.value === '') });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <a
          href="?"
          className={ui.link}
          onClick={(event) => {
            event.preventDefault();
            leave();
          }}
        >
          <ArrowLeft aria-hidden="true" className="mr-1 inline size-4" />
          Back to posts
        </a>
        {saved && (
          <p className="flex items-center gap-3 text-sm text-ink-muted">
            <StatusBadge published={saved.published} />
            Last saved <time dateTime={saved.updatedAt}>{dateTime(saved.updatedAt)}</time>
          </p>
        )}
      </div>
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {saved ? `Edit “${saved.title}”` : 'New post'}
      </h2>

      <form noValidate className="space-y-5" onSubmit={submit(published)}>
        <Tabs.Root defaultValue="write" className="space-y-4">
          <Tabs.List aria-label="Editor view" className="inline-flex gap-1 rounded-full border border-line bg-surface p-1">
            <Tabs.Trigger value="write" className={tabClass}>
              Write
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabClass}>
              Preview
            </Tabs.Trigger>
          </Tabs.List>

          {/* Kept mounted while the preview shows, so the editor keeps its content, selection and undo history. */}
          <Tabs.Content value="write" forceMount className={`${ui.card} space-y-5 p-5 data-[state=inactive]:hidden`}>
            <div className="grid gap-5 lg:grid-cols-2">
              <Field label="Title" error={errors.title?.message}>
                {(ids) => <input type="text" autoComplete="off" className={ui.input} {...inputProps(title, ids, errors.title?.message)} />}
              </Field>
              <Field label="Slug" error={errors.slug?.message} hint={`The post's address: /blog/${values.slug || '…'}${slugFollowsTitle ? ' (made from the title until you change it)' : ''}.`}>
                {(ids) => <input type="text" autoComplete="off" spellCheck={false} className={ui.input} {...inputProps(slug, ids, errors.slug?.message)} />}
              </Field>
            </div>
            <Field label="Excerpt" error={errors.excerpt?.message} hint={`Shown on the blog's cards and in search results (${values.excerpt.trim().length}/${POST_EXCERPT_MAX}).`}>
              {(ids) => <textarea rows={3} className={`${ui.input} h-auto py-2`} {...inputProps(form.register('excerpt'), ids, errors.excerpt?.message)} />}
            </Field>
            <div className="grid gap-5 lg:grid-cols-2">
              <Field label="Image URL" error={errors.imageUrl?.message} hint="The cover image: https://… or a path on this site. Optional.">
                {(ids) => <input type="text" inputMode="url" autoComplete="off" className={ui.input} {...inputProps(form.register('imageUrl'), ids, errors.imageUrl?.message)} />}
              </Field>
              <Field label="Category" error={errors.category?.message}>
                {(ids) => (
                  <select
                    className={ui.input}
                    {...inputProps(form.register('category', { setValueAs: (value: string | null) => (value ? value : null) }), ids, errors.category?.message)}
                  >
                    <option value="">None</option>
                    {categoryChoices(saved?.category).map((category) => (
                      <option key={category} value={category}>
                        {categoryLabel(category)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <BylineField control={form.control} />
            </div>
            <div className="space-y-1.5">
              <span id={contentLabelId} className={ui.label}>
                Content
              </span>
              <Controller
                control={form.control}
                name="content"
                render={({ field, fieldState }) => (
                  <RichTextEditor
                    initialHtml={field.value}
                    version={editorVersion}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    labelId={contentLabelId}
                    describedBy={fieldState.error ? contentErrorId : undefined}
                    invalid={Boolean(fieldState.error)}
                  />
                )}
              />
              {errors.content?.message && (
                <p id={contentErrorId} className="text-sm font-medium text-sale">
                  {errors.content.message}
                </p>
              )}
            </div>
            <RoundupSection form={form} onThingOrYear={followRoundup} />
          </Tabs.Content>

          <Tabs.Content value="preview" className={`${ui.card} p-5 sm:p-8`}>
            <p className="mb-6 text-sm text-ink-muted">
              {dirty ? 'Unsaved changes, as the editor will send them; the server cleans the HTML when you save.' : 'As stored: the HTML the public page renders.'}
            </p>
            <PostPreview
              title={values.title}
              excerpt={values.excerpt}
              imageUrl={values.imageUrl}
              category={values.category}
              content={values.content}
              publishedAt={saved?.publishedAt ?? null}
              roundup={values.kind === 'roundup' ? values.roundup : null}
            />
          </Tabs.Content>
        </Tabs.Root>

        <div className="flex flex-wrap items-center gap-3">
          {published ? (
            <>
              <button type="submit" className={ui.primaryButton} disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Update'}
              </button>
              <button type="button" className={ui.secondaryButton} disabled={save.isPending} onClick={submit(false)}>
                Unpublish
              </button>
            </>
          ) : (
            <>
              <button type="button" className={ui.primaryButton} disabled={save.isPending} onClick={submit(true)}>
                {save.isPending ? 'Saving…' : 'Publish'}
              </button>
              <button type="submit" className={ui.secondaryButton} disabled={save.isPending}>
                Save draft
              </button>
            </>
          )}
          {published && saved && (
            <a href={`/blog/${saved.slug}`} target="_blank" rel="noopener" className={ui.link}>
              View on the site<span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </form>

      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title="Discard unsaved changes?"
        description="What you changed since the last save is lost."
        confirmLabel="Discard changes"
        onConfirm={() => go(listView)}
      />
    </div>
  );
}

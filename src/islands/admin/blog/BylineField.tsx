/**
 * The post editor's 'Author' select: the byline the public post shows, from the authors the Authors section keeps.
 * Controlled, so a stored byline shows once the list arrives (an uncontrolled select would have no option for it yet).
 */
import { Controller, type Control } from 'react-hook-form';
import type { BlogPostForm } from '../../../domain/admin/blog.ts';
import { ui } from '../../ui.ts';
import { authorKeys, authorsApi } from '../authors/authors-api.ts';
import { useQuery } from '../query.ts';
import { Field } from '../ui/Field.tsx';

export default function BylineField({ control }: { control: Control<BlogPostForm> }) {
  const authors = useQuery({ queryKey: authorKeys.all, queryFn: authorsApi.list });
  const hint = authors.isError
    ? 'The authors could not be loaded; the byline stays as it is.'
    : authors.data?.authors.length === 0
      ? 'No authors yet: add them in the Authors section.'
      : 'The author the public post names, with a link to their page.';
  return (
    <Controller
      control={control}
      name="bylineAuthorId"
      render={({ field, fieldState }) => (
        <Field label="Author" error={fieldState.error?.message} hint={hint}>
          {(ids) => (
            <select
              id={ids.id}
              aria-describedby={ids.describedBy}
              aria-invalid={fieldState.error ? true : undefined}
              className={ui.input}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value === null || field.value === undefined ? '' : String(field.value)}
              onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">None</option>
              {authors.data?.authors.map((author) => (
                <option key={author.id} value={String(author.id)}>
                  {author.role ? `${author.name} (${author.role})` : author.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    />
  );
}

/**
 * The post as /blog/{slug} shows it: the same header, image and `prose-content` body as src/pages/blog/[slug].astro.
 * The body is either the sanitized HTML the server stored (after a save) or the editor's own serialization of its
 * document, which holds only the nodes and marks of its schema (no scripts, no event attributes); nothing else is
 * rendered as HTML. A roundup's picks and sections follow the body (RoundupPreview.tsx).
 */
import { categoryLabel, readingMinutes } from '../../../domain/blog.ts';
import { calendarDate } from '../../../domain/dates.ts';
import { isSafeImageUrl } from '../../../domain/hero.ts';
import { plainTextSummary } from '../../../domain/product.ts';
import RoundupPreview, { type PreviewRoundup } from './RoundupPreview.tsx';

export interface PostPreviewProps {
  title: string;
  excerpt: string;
  imageUrl: string;
  category: string | null;
  /** Editor HTML or the stored sanitized HTML. */
  content: string;
  publishedAt: string | null;
  /** A roundup's picks and sections, shown after the body as the public page shows them; null for an article. */
  roundup?: PreviewRoundup | null;
}

export default function PostPreview({ title, excerpt, imageUrl, category, content, publishedAt, roundup = null }: PostPreviewProps) {
  const minutes = readingMinutes(plainTextSummary(content, Number.MAX_SAFE_INTEGER));
  const date = publishedAt ? new Date(publishedAt) : new Date();
  const image = imageUrl.trim();
  return (
    <article aria-label="Preview of the public post" className="mx-auto max-w-3xl">
      <header>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-ink-muted">
          {category && <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800">{categoryLabel(category)}</span>}
          <time dateTime={date.toISOString()}>{calendarDate(date)}</time>
          <span aria-hidden="true">·</span>
          <span>{minutes} min read</span>
        </p>
        {/* An h2 here: the admin page's h1 is the section's; the public page shows this as its h1. */}
        <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{title.trim() || 'Untitled post'}</h2>
        {excerpt.trim() && <p className="mt-4 text-lg leading-relaxed text-ink-muted">{excerpt.trim()}</p>}
      </header>
      {image && isSafeImageUrl(image) && (
        <img src={image} alt="" width="1200" height="675" decoding="async" className="mt-8 aspect-[16/9] h-auto w-full rounded-card border border-line bg-muted object-cover" />
      )}
      {content ? (
        // A product block is an empty reference here (the build fills it with the products' current data): a framed note
        // holds its place.
        <div
          className="prose-content mt-10 text-[1.0625rem] [&_[data-product-block]]:rounded-lg [&_[data-product-block]]:border-2 [&_[data-product-block]]:border-dashed [&_[data-product-block]]:border-brand-200 [&_[data-product-block]]:p-4 [&_[data-product-block]]:text-sm [&_[data-product-block]]:text-ink-muted [&_[data-product-block]]:before:content-['Products:_shown_with_their_current_prices_on_the_published_post']"
          dangerouslySetInnerHTML={{ __html: content }}
        />
      ) : (
        <p className="mt-10 text-ink-muted">The post has no content yet.</p>
      )}
      {roundup && <RoundupPreview roundup={roundup} />}
    </article>
  );
}

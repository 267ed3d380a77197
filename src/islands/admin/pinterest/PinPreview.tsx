/**
 * The pin as Pinterest lays it out in a feed: the image cut to 2:3 from its centre, the title on two lines, the
 * description clamped to three, and the domain of the destination link.
 */
import { thumbnailSrc } from '../../../domain/admin/product-list.ts';
import { linkDomain } from './pin-form.ts';

export default function PinPreview({ title, description, link, imageUrl, altText }: { title: string; description: string; link: string; imageUrl: string; altText: string }) {
  const src = thumbnailSrc(imageUrl);
  const domain = linkDomain(link);
  return (
    <figure aria-label="Pin preview" className="w-60 space-y-2">
      <div className="aspect-[2/3] w-full overflow-hidden rounded-2xl bg-muted">
        {src ? <img src={src} alt={altText} className="size-full object-cover" /> : <div className="flex size-full items-center justify-center text-sm text-ink-muted">No image</div>}
      </div>
      <figcaption className="space-y-1 px-1">
        {domain && <p className="text-xs font-semibold text-ink-muted">{domain}</p>}
        <p className="line-clamp-2 text-sm font-semibold text-ink">{title || 'Untitled pin'}</p>
        {description && <p className="line-clamp-3 text-xs text-ink-muted">{description}</p>}
      </figcaption>
    </figure>
  );
}

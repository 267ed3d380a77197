/**
 * The pin's image: the product's main and gallery images or the post's. Each choice is loaded to read its natural
 * size, and the domain's rules (images.ts) say whether Pinterest would crop it, refuse it, or take it as it is.
 */
import { AlertTriangle, Info } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { imageWarnings, RECOMMENDED_SIZE, type ImageChoice } from '../../../domain/admin/pinterest/images.ts';
import { thumbnailSrc } from '../../../domain/admin/product-list.ts';

interface Size {
  width: number;
  height: number;
}

/** The natural size of an image once the browser has it; undefined while loading or when it cannot be loaded. */
function useNaturalSize(url: string): Size | undefined {
  const [size, setSize] = useState<{ url: string; size: Size } | undefined>();
  useEffect(() => {
    const src = thumbnailSrc(url);
    if (!src) return;
    let live = true;
    const image = new Image();
    image.onload = () => {
      if (live) setSize({ url, size: { width: image.naturalWidth, height: image.naturalHeight } });
    };
    image.src = src;
    return () => {
      live = false;
    };
  }, [url]);
  return size?.url === url ? size.size : undefined;
}

export default function ImagePicker({ images, value, onChange }: { images: ImageChoice[]; value: string; onChange: (url: string) => void }) {
  const groupId = useId();
  const size = useNaturalSize(value);
  const warnings = value ? imageWarnings({ url: value, width: size?.width, height: size?.height, siteUrl: window.location.origin }) : [];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink">Image</legend>
      <p id={`${groupId}-hint`} className="text-sm text-ink-muted">
        Pinterest recommends a 2:3 image, for example {RECOMMENDED_SIZE.width} × {RECOMMENDED_SIZE.height} px.
      </p>
      {images.length === 0 ? (
        <p className="text-sm text-sale">This source has no image to pin: add one to it first.</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {images.map((image) => (
            <label key={image.url} className="flex cursor-pointer flex-col items-center gap-1 text-xs has-[:checked]:font-semibold">
              <input type="radio" name={groupId} value={image.url} checked={value === image.url} onChange={() => onChange(image.url)} className="accent-brand-700" aria-describedby={`${groupId}-hint`} />
              {thumbnailSrc(image.url) && <img src={thumbnailSrc(image.url)} alt="" width={48} height={72} className="h-18 w-12 rounded border border-line object-cover" />}
              {image.label}
            </label>
          ))}
        </div>
      )}
      {size && (
        <p className="text-sm text-ink-muted">
          Selected image: {size.width} × {size.height} px
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="space-y-1" aria-label="Image warnings">
          {warnings.map((warning) => (
            <li key={warning.code} className={`flex items-start gap-2 text-sm ${warning.severity === 'advice' ? 'text-ink-muted' : 'text-sale'}`}>
              {warning.severity === 'advice' ? <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
              <span>
                <span className="sr-only">{warning.severity === 'refuse' ? 'Pinterest would refuse it: ' : warning.severity === 'crop' ? 'Pinterest would crop it: ' : 'Advice: '}</span>
                {warning.message}
              </span>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

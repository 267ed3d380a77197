/**
 * Gallery image inputs (spec section 5): add and remove inputs, always keeping one; blank inputs are dropped when the
 * form is saved. Adding, removing and focus follow useEditableRows; the only input cannot be removed.
 */
import { Plus, X } from 'lucide-react';
import { MAX_GALLERY_IMAGES } from '../../../domain/admin/product-form.ts';
import { ui } from '../../ui.ts';
import { useEditableRows } from '../ui/use-editable-rows.ts';
import { ImageUploadButton } from '../media/ImageUploadButton.tsx';

export interface GalleryInputsProps {
  value: string[];
  onChange: (urls: string[]) => void;
  onBlur: () => void;
  error?: string;
}

export function GalleryInputs({ value, onChange, onBlur, error }: GalleryInputsProps) {
  const { rows: urls, inputRef, change, add, remove } = useEditableRows(value, onChange);
  /** An uploaded image takes the first empty input, or a new one. */
  const addUploaded = (url: string) => {
    const empty = urls.findIndex((current) => current.trim() === '');
    if (empty >= 0) onChange(urls.map((current, i) => (i === empty ? url : current)));
    else if (urls.length < MAX_GALLERY_IMAGES) onChange([...urls, url]);
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'gallery-error' : 'gallery-hint'}>
      <legend className={ui.label}>Gallery images</legend>
      <p id="gallery-hint" className="text-sm text-ink-muted">
        Up to {MAX_GALLERY_IMAGES} image URLs or uploaded images shown on the product page; empty inputs are ignored.
      </p>
      {urls.map((url, index) => (
        <div key={index} className="flex items-center gap-2">
          <input
            ref={inputRef(index)}
            type="url"
            inputMode="url"
            autoComplete="off"
            aria-label={`Gallery image ${index + 1}`}
            aria-invalid={error ? true : undefined}
            placeholder="https://"
            className={ui.input}
            value={url}
            onChange={(event) => change(index, event.target.value)}
            onBlur={onBlur}
          />
          <button
            type="button"
            className={`${ui.secondaryButton} shrink-0 px-3`}
            aria-label={`Remove gallery image ${index + 1}`}
            disabled={urls.length <= 1}
            onClick={() => remove(index)}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
      {error && (
        <p id="gallery-error" className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={ui.secondaryButton} disabled={urls.length >= MAX_GALLERY_IMAGES} onClick={add}>
          <Plus aria-hidden="true" className="size-4" /> Add image
        </button>
        {(urls.some((url) => url.trim() === '') || urls.length < MAX_GALLERY_IMAGES) && <ImageUploadButton label="Upload gallery image" onUploaded={(image) => addUploaded(image.url)} />}
      </div>
    </fieldset>
  );
}

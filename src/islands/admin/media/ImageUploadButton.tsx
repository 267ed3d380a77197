/**
 * "Upload image": a button that opens the file picker (JPEG, PNG, WebP or AVIF, at most 10 MB), uploads the chosen
 * file and hands its /media/… URL to the form. The picker's filter is a convenience only; the server reads the type
 * from the bytes.
 */
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { UPLOAD_ACCEPT, uploadTexts, type UploadedImage } from '../../../domain/media.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { uploadImage } from './upload-image.ts';

export interface ImageUploadButtonProps {
  /** Names the button for screen readers, e.g. "Upload hero image". */
  label: string;
  onUploaded: (image: UploadedImage) => void;
}

export function ImageUploadButton({ label, onUploaded }: ImageUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setPending(true);
    try {
      const image = await uploadImage(file);
      onUploaded(image);
      toast({ title: uploadTexts.uploaded, description: `${image.width} × ${image.height} pixels, metadata removed.`, variant: 'success' });
    } catch (error) {
      toastApiError(error, uploadTexts.title);
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        // Not displayed: the button is the control people use; it opens this input's picker.
        hidden
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <button type="button" className={`${ui.secondaryButton} shrink-0`} disabled={pending} aria-busy={pending || undefined} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" className="size-4" /> {pending ? uploadTexts.uploading : label}
      </button>
    </>
  );
}

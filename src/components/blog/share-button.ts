/** A blog post's Share button (ShareButton.astro): the share sheet, else Copy Link with the spec's toasts. */
import { shareTexts } from '../../domain/blog.ts';
import { toast } from '../../lib/toast.ts';

async function share(title: string, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The reader closed the sheet: nothing to report. Any other failure falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ ...shareTexts.copied, variant: 'success' });
  } catch {
    toast({ ...shareTexts.copyFailed, variant: 'error' });
  }
}

export function setUpShareButton(button: HTMLButtonElement): void {
  button.addEventListener('click', () => void share(button.dataset.title ?? document.title, button.dataset.url ?? window.location.href));
  button.disabled = false;
}

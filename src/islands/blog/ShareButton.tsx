/**
 * Share on a blog post (spec section 2): the device's share sheet where there is one,
 * else the link is copied with a toast (spec section 8's copy-link texts).
 * Disabled until hydrated, so without JavaScript it does not pretend to work.
 */
import { Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { shareTexts } from '../../domain/blog.ts';
import { toast } from '../../lib/toast.ts';

export interface ShareButtonProps {
  title: string;
  /** The canonical URL to share; the current address when left out. */
  url?: string;
}

export default function ShareButton({ title, url }: ShareButtonProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function share() {
    const link = url ?? window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: link });
        return;
      } catch (error) {
        // The reader closed the sheet: nothing to report. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast({ ...shareTexts.copied, variant: 'success' });
    } catch {
      toast({ ...shareTexts.copyFailed, variant: 'error' });
    }
  }

  return (
    <button
      type="button"
      onClick={share}
      disabled={!ready}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <Share2 aria-hidden="true" size={16} />
      Share
    </button>
  );
}

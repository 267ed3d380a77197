/**
 * The product page's Share menu (spec section 2): Facebook, Twitter and LinkedIn in 600x400 popups,
 * plus the device's own share sheet and Copy Link where the browser offers them, with the spec's
 * toasts (section 8). Radix DropdownMenu gives the menu roles, arrow keys and Escape.
 */
import { DropdownMenu } from 'radix-ui';
import { Link2, Share2 } from 'lucide-react';
import { ShareIcon } from '../action-icons.tsx';
import { copyLinkMessages, SHARE_POPUP_FEATURES, shareUrl, type ShareNetwork } from '../../domain/product-display/share.ts';
import { toast } from '../../lib/toast.ts';

interface Props {
  /** The product's name: the text shared with the link. */
  title: string;
}

/** The page's own address, without a fragment. */
function pageUrl(): string {
  return `${window.location.origin}${window.location.pathname}${window.location.search}`;
}

function openPopup(network: ShareNetwork, title: string): void {
  const popup = window.open(shareUrl(network, pageUrl(), title), `share-${network}`, SHARE_POPUP_FEATURES);
  // The share page must not be able to navigate this tab (what rel=noopener does for links).
  if (popup) popup.opener = null;
}

async function copyLink(): Promise<void> {
  try {
    await navigator.clipboard.writeText(pageUrl());
    toast({ ...copyLinkMessages.copied, variant: 'success' });
  } catch {
    toast({ ...copyLinkMessages.failed, variant: 'error' });
  }
}

async function nativeShare(title: string): Promise<void> {
  try {
    await navigator.share({ title, url: pageUrl() });
  } catch {
    // Dismissing the share sheet rejects too; there is nothing to report.
  }
}

const item =
  'flex h-10 cursor-pointer items-center gap-3 rounded-md px-3 text-sm font-medium text-ink outline-none select-none data-[highlighted]:bg-brand-50';

export default function ShareMenu({ title }: Props) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="action-button">
        <ShareIcon size={18} />
        Share
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <ShareItems title={title} />
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Rendered only while the menu is open (in the browser), so feature checks cannot differ from the server. */
function ShareItems({ title }: Props) {
  const canShare = typeof navigator.share === 'function';
  const canCopy = typeof navigator.clipboard?.writeText === 'function';
  return (
    <DropdownMenu.Content align="start" sideOffset={6} className="z-50 min-w-52 rounded-lg border border-line bg-surface p-1 shadow-card-hover">
      <DropdownMenu.Item className={item} onSelect={() => openPopup('facebook', title)}>
        Facebook
      </DropdownMenu.Item>
      <DropdownMenu.Item className={item} onSelect={() => openPopup('twitter', title)}>
        Twitter
      </DropdownMenu.Item>
      <DropdownMenu.Item className={item} onSelect={() => openPopup('linkedin', title)}>
        LinkedIn
      </DropdownMenu.Item>
      {(canShare || canCopy) && <DropdownMenu.Separator className="my-1 h-px bg-line" />}
      {canShare && (
        <DropdownMenu.Item className={item} onSelect={() => void nativeShare(title)}>
          <Share2 aria-hidden="true" size={16} /> Share via…
        </DropdownMenu.Item>
      )}
      {canCopy && (
        <DropdownMenu.Item className={item} onSelect={() => void copyLink()}>
          <Link2 aria-hidden="true" size={16} /> Copy Link
        </DropdownMenu.Item>
      )}
    </DropdownMenu.Content>
  );
}

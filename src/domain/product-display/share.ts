/**
 * The Share menu's targets (spec section 2: product detail): Facebook, Twitter and LinkedIn share
 * pages, opened in 600x400 popups with the page URL encoded, and the product's name as text for Twitter.
 */
export const SHARE_POPUP_FEATURES = 'width=600,height=400';

export type ShareNetwork = 'facebook' | 'twitter' | 'linkedin';

export function shareUrl(network: ShareNetwork, pageUrl: string, text: string): string {
  const url = encodeURIComponent(pageUrl);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
  }
}

/** The spec's toasts for copying the link (section 8). */
export const copyLinkMessages = {
  copied: { title: 'Link copied!', description: 'The product link has been copied to your clipboard.' },
  failed: { title: 'Failed to copy', description: 'Please copy the link manually.' },
} as const;

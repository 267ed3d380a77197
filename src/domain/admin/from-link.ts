/**
 * Add by link (issue 11, points 1 and 2; spec sections 4, 5 and 8): POST /api/admin/products/from-link { url }.
 * The request and answer schemas and the spec's texts, shared by the Affiliate Link tab and the function.
 *
 * A link already in the catalogue (./link-identity.ts: same retailer and product code, tracking ignored) is answered
 * 409 with the product that has it, and nothing is stored or fetched.
 *
 * What the server does with a link: it stores the affiliate_links row (status active, platform and product code from
 * the URL), fetches the page through the safe outbound fetcher and reads it (./scrape). A good scrape becomes an
 * active product; an ordinary failure (an error page, a page too short, no name, an unreachable or slow host) still becomes a
 * product: a draft named from the URL's path (or left unnamed), price 0, no image, marked needs_review, answered with a
 * warning that says what could not be read and why (draftWarning). A target the fetcher refuses
 * (a private or metadata address, a redirect loop, a body too large) is answered 422 and leaves only the
 * link row: a hostile link must not put anything of its choosing on the site, not even a draft.
 */
import { z } from 'zod';
import { affiliatePlatforms } from './affiliate-platform.ts';
import { productStatuses } from './product-form.ts';
import { needsReviewReasons } from './needs-review.ts';

export const fromLinkTexts = {
  emptyTitle: 'Error',
  empty: 'Please enter an affiliate link',
  invalidTitle: 'Please enter a valid URL',
  invalid: 'URL must start with http:// or https://',
  failedTitle: 'Error processing affiliate link',
  authentication: 'Authentication error. Please sign in again.',
  successTitle: 'Success!',
  success: 'Your affiliate link has been processed and product listing created.',
  linkFailed: (message: string) => `Failed to create affiliate link: ${message}`,
  productFailed: (message: string) => `Failed to create product: ${message}`,
  tooLong: 'The affiliate link must be at most 2048 characters.',
} as const;

export const MAX_LINK_LENGTH = 2048;

/** The spec's toast for a link the form or the server refuses: a title and a description. */
export interface LinkProblem {
  title: string;
  description: string;
}

/**
 * The spec's rules (section 5, Add by link): empty → 'Please enter an affiliate link'; not an http(s) URL →
 * 'Please enter a valid URL' / 'URL must start with http:// or https://'. Stricter than the spec's "starts with
 * http": 'http:nothing' or 'https://' with no host is no link either. Null when the link is fine.
 */
export function linkProblem(raw: unknown): LinkProblem | null {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { title: fromLinkTexts.emptyTitle, description: fromLinkTexts.empty };
  if (text.length > MAX_LINK_LENGTH) return { title: fromLinkTexts.invalidTitle, description: fromLinkTexts.tooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { title: fromLinkTexts.invalidTitle, description: fromLinkTexts.invalid };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return { title: fromLinkTexts.invalidTitle, description: fromLinkTexts.invalid };
  }
  return null;
}

/** The form's field and the request body; the message of a refused link is the spec's first text (its title or 'Please enter an affiliate link'). */
export const fromLinkRequestSchema = z.object({
  url: z
    .string({ error: fromLinkTexts.empty })
    .transform((url) => url.trim())
    .superRefine((url, ctx) => {
      const problem = linkProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.title === fromLinkTexts.emptyTitle ? problem.description : problem.title });
    }),
});
export type FromLinkRequest = z.output<typeof fromLinkRequestSchema>;
export type FromLinkValues = z.input<typeof fromLinkRequestSchema>;

/** Why the page could not be read, for the admin: the fetcher's code, 'http-status', or the scrape's rule. */
export const scrapeFailureCodes = ['network', 'timeout', 'http-status', 'not-html', 'page-too-short', 'no-name'] as const;
export type ScrapeFailureCode = (typeof scrapeFailureCodes)[number];

/** Why a failure happened, in the admin's words, after the fetcher's or the scrape's own message. */
function failureReason(code: ScrapeFailureCode, message: string): string {
  const status = /HTTP status (\d{3})/.exec(message)?.[1];
  switch (code) {
    case 'http-status':
      return status === '403' || status === '429' || status === '503'
        ? `the shop answered HTTP ${status}, which retailers send to refuse automated visits`
        : `the shop answered HTTP ${status ?? 'an error status'}`;
    case 'timeout':
      return 'the shop did not answer in time';
    case 'network':
      return 'the shop could not be reached';
    case 'not-html':
      return 'the link does not lead to a web page';
    case 'page-too-short':
    case 'no-name':
      return 'the page holds no product data the site can read';
  }
}

const CODE_LABELS: Readonly<Record<string, string>> = { amazon: 'ASIN', ebay: 'eBay item', walmart: 'Walmart item', rakuten: 'Rakuten product' };
const RETAILER_LABELS: Readonly<Record<string, string>> = {
  amazon: 'Amazon',
  ebay: 'eBay',
  walmart: 'Walmart',
  rakuten: 'Rakuten',
  target: 'Target',
  bestbuy: 'Best Buy',
  costco: 'Costco',
};

/**
 * What an admin is told when the page could not be read (never 'Success!'): what was not read and why, and what the
 * draft took from the link itself. Shown beside the link field until the next link, not only in a toast.
 *   "The product page could not be read: the shop answered HTTP 503, which retailers send to refuse automated visits.
 *    From the link: Amazon, ASIN B001ARYU58. The name, price, image and description are empty: fill them in the editor."
 */
export function draftWarning(failure: { code: ScrapeFailureCode; message: string }, link: { platform: string; retailer: string | null; productCode: string | null }, name: string): string {
  const known: string[] = [];
  const retailer = link.retailer ? (RETAILER_LABELS[link.retailer] ?? link.retailer) : null;
  if (retailer) known.push(retailer);
  if (link.productCode) known.push(`${CODE_LABELS[link.platform] ?? 'product id'} ${link.productCode}`);
  const missing = name === '' ? 'The name, price, image and description are empty' : `The name "${name}" was taken from the link; the price, image and description are empty`;
  return [
    `The product page could not be read: ${failureReason(failure.code, failure.message)}.`,
    known.length > 0 ? `From the link: ${known.join(', ')}.` : null,
    `${missing}: fill them in the editor before publishing.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The answer when the pasted link is already in the catalogue: 409 with the product that has it, never a copy. */
export const existingProductTexts = {
  title: 'Already in the catalogue',
  description: (name: string) => `${name === '' ? 'An untitled draft' : `"${name}"`} already has this link. Open the existing product instead of adding it twice.`,
  open: 'Open the existing product',
} as const;

export const existingProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(productStatuses),
  /** Its public page (drafts have none until published); the tab opens its editor from the id. */
  publicPath: z.string(),
});
export type ExistingProduct = z.infer<typeof existingProductSchema>;
export const duplicateLinkAnswerSchema = z.object({
  error: z.object({ title: z.string(), description: z.string() }),
  existing: existingProductSchema,
});

export const fromLinkAnswerSchema = z.object({
  product: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    status: z.enum(productStatuses),
    /** Where the product's public page will be once the site is rebuilt (drafts never are). */
    publicPath: z.string(),
  }),
  affiliateLink: z.object({
    id: z.number().int(),
    platform: z.enum(affiliatePlatforms),
    platformProductId: z.string().nullable(),
    status: z.literal('active'),
  }),
  /** True when the page was read; false when the product is the fallback draft. */
  scraped: z.boolean(),
  needsReview: z.enum(needsReviewReasons).nullable(),
  /** Why the page could not be read (null after a good scrape). */
  failure: z.object({ code: z.enum(scrapeFailureCodes), message: z.string() }).nullable(),
  /** draftWarning's text when the product is the fallback draft; null after a good scrape. */
  warning: z.string().nullable(),
});
export type FromLinkAnswer = z.infer<typeof fromLinkAnswerSchema>;

/** A body this size holds any link of 2048 characters with room to spare. */
export const MAX_FROM_LINK_BODY_BYTES = 8 * 1024;

/** The tab's stages (spec section 4, Add-by-link stages) and the progress each shows. */
export const linkStages = ['idle', 'saving', 'scraping', 'complete'] as const;
export type LinkStage = (typeof linkStages)[number];
export const linkStageProgress: Record<LinkStage, number> = { idle: 0, saving: 33, scraping: 66, complete: 100 };
export const linkStageLabels: Record<LinkStage, string> = {
  idle: '',
  saving: 'Saving the affiliate link…',
  scraping: 'Reading the product page…',
  complete: 'Complete',
};
/** Spec section 4: the complete state goes back to idle after 2 seconds. */
export const COMPLETE_RESET_MS = 2000;
/**
 * The server stores the link in milliseconds and then spends the rest of the one request reading the page, so the
 * tab shows 'saving' while the request leaves and 'scraping' from this long after it was sent.
 */
export const SCRAPING_AFTER_MS = 300;

/**
 * The toast for a failed request (spec section 8): 'Error processing affiliate link' with the reason; a missing
 * session is 'Authentication error. Please sign in again.'; the server's own reason ('Failed to create product: …')
 * otherwise. A link the server refused as malformed keeps the spec's own title.
 */
export function fromLinkErrorToast(status: number, title: string, description: string): LinkProblem {
  if (status === 401) return { title: fromLinkTexts.failedTitle, description: fromLinkTexts.authentication };
  if (title === fromLinkTexts.invalidTitle || description === fromLinkTexts.empty) return { title, description };
  return { title: fromLinkTexts.failedTitle, description };
}

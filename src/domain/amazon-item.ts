/**
 * What Amazon's Creators API says about an item, read into the product's terms. Pure: the request is made by
 * src/server/amazon/creators-client.ts.
 *
 * The answer's shape (GetItems, camelCase as the Creators API writes it):
 *   { itemsResult: { items: [{ asin, detailPageURL,
 *       itemInfo: { title: { displayValue }, byLineInfo: { brand: { displayValue } }, features: { displayValues: [] } },
 *       images: { primary: { large: { url, width, height } }, variants: [{ large: { url } }] },
 *       offersV2: { listings: [{ price: { money: { amount, currency }, savings: { money, percentage },
 *                                          savingBasis: { money } },
 *                                availability: { type }, isBuyBoxWinner }] },
 *       customerReviews: { count, starRating: { value } } }] },
 *     errors: [{ code, message }] }
 * Sources: the Creators API reference, https://affiliate-program.amazon.com/creatorsapi/docs/en-us/api-reference
 * (GetItems, OffersV2, CustomerReviews); the OffersV2 resource it carries over from PA-API 5 (Price.Money, Price.Savings,
 * Price.SavingBasis as the struck-through list price, Availability.Type: IN_STOCK, IN_STOCK_SCARCE, OUT_OF_STOCK,
 * PREORDER, LEADTIME, AVAILABLE_DATE, UNAVAILABLE, UNKNOWN),
 * https://webservices.amazon.com/paapi5/documentation/use-cases/using-offer-information/determining-price-merchant-and-delivery-information.html
 * and …/determining-availability.html; and the models of a published client, github.com/didisouzacosta/AmazonCreatorsAPISwiftSDK
 * (Sources/AmazonCreatorsAPI/Catalog/Models.swift), read, not copied. Every field is optional in the answer: Amazon
 * leaves out what it cannot serve (https://webservices.amazon.com/paapi5/documentation/troubleshooting/results-and-errors.html).
 */
import { z } from 'zod';

const money = z.object({ amount: z.number().nonnegative(), currency: z.string().trim().min(3).max(3) });
const text = z.object({ displayValue: z.string() });
const image = z.object({ url: z.string() });
const imageSet = z.object({ hiRes: image.optional(), large: image.optional(), medium: image.optional(), small: image.optional() });

/** One item of itemsResult.items; unknown fields are ignored, wrong types make the whole answer malformed. */
export const creatorsItemSchema = z.object({
  asin: z.string(),
  detailPageURL: z.string().optional(),
  itemInfo: z
    .object({
      title: text.optional(),
      byLineInfo: z.object({ brand: text.optional(), manufacturer: text.optional() }).optional(),
      features: z.object({ displayValues: z.array(z.string()) }).optional(),
    })
    .optional(),
  images: z.object({ primary: imageSet.optional(), variants: z.array(imageSet).optional() }).optional(),
  offersV2: z
    .object({
      listings: z
        .array(
          z.object({
            price: z
              .object({
                money: money.optional(),
                savings: z.object({ money: money.optional(), percentage: z.number().optional() }).optional(),
                savingBasis: z.object({ money: money.optional() }).optional(),
              })
              .optional(),
            availability: z.object({ type: z.string().optional(), message: z.string().optional() }).optional(),
            isBuyBoxWinner: z.boolean().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  customerReviews: z.object({ count: z.number().int().nonnegative().optional(), starRating: z.object({ value: z.number() }).optional() }).optional(),
});
export type CreatorsItem = z.infer<typeof creatorsItemSchema>;

export const creatorsErrorSchema = z.object({ code: z.string().optional(), message: z.string().optional() });

export const getItemsAnswerSchema = z.object({
  itemsResult: z.object({ items: z.array(creatorsItemSchema) }).optional(),
  errors: z.array(creatorsErrorSchema).optional(),
});
export type GetItemsAnswer = z.infer<typeof getItemsAnswerSchema>;

/** The resources GetItems is asked for: only what a product shows. */
export const GET_ITEMS_RESOURCES = [
  'itemInfo.title',
  'itemInfo.byLineInfo',
  'itemInfo.features',
  'images.primary.large',
  'images.variants.large',
  'offersV2.listings.price',
  'offersV2.listings.availability',
  'offersV2.listings.isBuyBoxWinner',
  'customerReviews.count',
  'customerReviews.starRating',
] as const;

/** GetItems takes at most ten item ids a request (the API reference, GetItems: ItemIds). */
export const GET_ITEMS_MAX_IDS = 10;

/** An item as the site uses it. Prices in the marketplace's currency; text still to be sanitized where it becomes HTML. */
export interface AmazonItem {
  asin: string;
  title: string | null;
  brand: string | null;
  /** The primary image first, then the variants', without repeats. */
  images: string[];
  /** The regular price: the saving basis when Amazon shows a saving, else what the item costs. */
  price: number | null;
  /** What the item costs now when it is below the regular price; else null. */
  salePrice: number | null;
  currency: string | null;
  /** Null when Amazon gives no offer at all (then no one can buy it through the link). */
  inStock: boolean;
  rating: number | null;
  ratingCount: number | null;
  features: string[];
  detailPageUrl: string | null;
}

/** Availability types a shopper can buy now or order for later (OffersV2 Availability.Type). */
const BUYABLE = new Set(['IN_STOCK', 'IN_STOCK_SCARCE', 'LEADTIME', 'AVAILABLE_DATE', 'PREORDER']);

const MAX_FEATURES = 10;
const MAX_IMAGES = 8;
const MAX_TITLE = 200;

const clean = (value: string | undefined | null, max = 500): string | null => {
  // Amazon's texts are plain; control characters and tags have no place in a name (the description is sanitized apart).
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const text = value?.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim() ?? '';
  return text === '' ? null : text.slice(0, max).trim();
};

const httpsUrl = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The item in the product's terms: the Buy Box listing (else the first), its price, saving and availability. */
export function amazonItemFromCreators(item: CreatorsItem): AmazonItem {
  const listings = item.offersV2?.listings ?? [];
  const listing = listings.find((entry) => entry.isBuyBoxWinner) ?? listings[0];
  const paid = listing?.price?.money;
  const basis = listing?.price?.savingBasis?.money;
  const onSale = paid !== undefined && basis !== undefined && basis.currency === paid.currency && basis.amount > paid.amount;
  const images = [item.images?.primary, ...(item.images?.variants ?? [])]
    .map((set) => httpsUrl(set?.large?.url ?? set?.hiRes?.url ?? set?.medium?.url))
    .filter((url): url is string => url !== null);
  const stars = item.customerReviews?.starRating?.value;
  const type = listing?.availability?.type?.toUpperCase();
  return {
    asin: item.asin.toUpperCase(),
    title: clean(item.itemInfo?.title?.displayValue, MAX_TITLE),
    brand: clean(item.itemInfo?.byLineInfo?.brand?.displayValue ?? item.itemInfo?.byLineInfo?.manufacturer?.displayValue, 100),
    images: [...new Set(images)].slice(0, MAX_IMAGES),
    price: paid === undefined ? null : cents(onSale ? basis!.amount : paid.amount),
    salePrice: onSale ? cents(paid.amount) : null,
    currency: paid?.currency.toUpperCase() ?? null,
    inStock: listing !== undefined && (type === undefined || BUYABLE.has(type)),
    rating: stars !== undefined && stars > 0 && stars <= 5 ? Math.round(stars * 10) / 10 : null,
    ratingCount: item.customerReviews?.count ?? null,
    features: (item.itemInfo?.features?.displayValues ?? []).map((feature) => clean(feature)).filter((f): f is string => f !== null).slice(0, MAX_FEATURES),
    detailPageUrl: httpsUrl(item.detailPageURL),
  };
}

/** The features as the description's HTML: a list, each feature escaped (the server sanitizes it again). */
export function featuresHtml(features: readonly string[]): string {
  if (features.length === 0) return '';
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<ul>${features.map((feature) => `<li>${escape(feature)}</li>`).join('')}</ul>`;
}

/** The fields an admin fills in by hand when Amazon's data cannot be fetched (the draft's message lists them). */
export const AMAZON_FIELDS_TO_FILL = ['name', 'brand', 'images', 'price', 'sale price', 'availability', 'rating', 'features'] as const;

/**
 * What an admin is told when an Amazon product is saved as a draft because the Creators API is not configured.
 *   "Amazon's product data needs Amazon's Creators API, which is not configured on this site … Saved as a draft with
 *    ASIN B001ARYU58 (www.amazon.com) and its Amazon link. Fill in the name, brand, …"
 */
export function amazonDraftWarning(asin: string, marketplace: string): string {
  return [
    "Amazon's product data needs Amazon's Creators API, which is not configured on this site (set AMAZON_CREATORS_CREDENTIAL_ID, AMAZON_CREATORS_CREDENTIAL_SECRET and AMAZON_CREATORS_CREDENTIAL_VERSION); Amazon's pages are never scraped.",
    `Saved as a draft with ASIN ${asin} (${marketplace}) and its Amazon link.`,
    `Fill in the ${AMAZON_FIELDS_TO_FILL.slice(0, -1).join(', ')} and ${AMAZON_FIELDS_TO_FILL.at(-1)} in the editor before publishing.`,
  ].join(' ');
}

/** Reading a product from a retailer's page (issue 11): pure, no I/O; the server fetches, this reads. */
export { extractProduct, descriptionHtml, isAcceptableName, noScrapeMessages, MIN_PAGE_LENGTH, MIN_NAME_LENGTH, UNKNOWN_PRODUCT } from './extract.ts';
export type { ScrapedProduct, ScrapeResult, ScrapeSource, NoScrapeReason } from './extract.ts';
export { parsePrice, parsePriceAmount, currencyOf, acceptRating } from './price.ts';
export { cutDescription, AMAZON_DESCRIPTION_LIMIT } from './amazon.ts';

/** The catalogue island for a Top Picks page: the card parts come with the page, the list view on demand (view-parts.ts). */
import * as cards from './card-parts.ts';
import { cardParts } from './view-parts.ts';

cardParts.withPage(cards);

export { default } from './CatalogueApp.tsx';

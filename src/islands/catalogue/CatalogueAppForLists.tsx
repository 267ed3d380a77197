/** The catalogue island for a list page: the list view comes with the page, the card parts on demand (view-parts.ts). */
import * as list from './CatalogueListView.tsx';
import { listParts } from './view-parts.ts';

listParts.withPage(list);

export { default } from './CatalogueApp.tsx';

/**
 * What a pre-rendered catalogue page (CataloguePage.astro) is made of, declared before it renders
 * (src/server/publishing/page-inputs.ts): a partial build then renders only the catalogue pages whose view or
 * categories an edit changed, not all seven hundred at 10,000 products. The page draws no other list's count
 * (categories.ts), only its own category's, in its description.
 */
import { uncountedLinks } from '../../../domain/catalogue/categories.ts';
import { catalogueView } from '../../../domain/catalogue/catalogue-view.ts';
import type { NoJsKind } from '../../../domain/catalogue/no-js.ts';
import type { CatalogueQuery } from '../../../domain/catalogue/query.ts';
import { declarePageInputs } from '../../../server/publishing/page-inputs.ts';
import { builtCatalogue } from '../../catalogue-data/_catalogue.ts';

export async function unchangedCataloguePage(url: URL, base: CatalogueQuery, path: string, noJs?: NoJsKind): Promise<Response | undefined> {
  const catalogue = await builtCatalogue();
  return declarePageInputs(url, {
    base,
    path,
    noJs: noJs ?? null,
    categories: uncountedLinks(catalogue.categories),
    count: catalogue.categories.find((category) => category.slug === base.category)?.productCount ?? null,
    view: catalogueView(catalogue.items, base),
  });
}

/** What the product block dialog and card read: a search of the products list, and the chosen products by id. */
import { readBlockReview, specificationNames, type BlockReview } from '../../../domain/article-blocks/block-product.ts';
import { PRODUCT_PAGE_SIZES, productListSchema } from '../../../domain/admin/product-list.ts';
import { adminRequest } from '../api.ts';
import { useQuery } from '../query.ts';
import { productApi } from '../products/product-api.ts';

export interface ChosenProduct {
  id: number;
  name: string;
  imageUrl: string | null;
  /** False when the product is deleted (the block's card says so; the built page leaves it out). */
  found: boolean;
  status?: string;
  /** Specification names a table may offer as rows. */
  specifications?: string[];
  /** What the post preview shows of a roundup's picks (RoundupPreview.tsx); absent for a deleted product. */
  shown?: { price: number; salePrice: number | null; availability: boolean; inStock: boolean; rating: number | null; review: BlockReview; specifications: Record<string, unknown> };
}

/** The list's smallest page (PRODUCT_PAGE_SIZES); the dialog shows the first few. */
const SEARCH_PAGE_SIZE = PRODUCT_PAGE_SIZES[0];
export const SEARCH_RESULTS_SHOWN = 8;

/** The admin products list's search: name, SKU or ASIN (src/server/admin/product-list.ts). */
export function useProductSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ['admin', 'product-block', 'search', search],
    queryFn: () => adminRequest(`/api/admin/products?${new URLSearchParams({ search, pageSize: String(SEARCH_PAGE_SIZE) })}`, productListSchema),
    enabled: search.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** The block's products in its order; one that no longer exists comes back as not found rather than failing all. */
export function useChosenProducts(ids: readonly number[]) {
  return useQuery({
    queryKey: ['admin', 'product-block', 'products', ids.join(',')],
    queryFn: () =>
      Promise.all(
        ids.map(async (id): Promise<ChosenProduct> => {
          try {
            const { product } = await productApi.get(id);
            const specifications = (product.specifications ?? {}) as Record<string, unknown>;
            return {
              id,
              name: product.name,
              imageUrl: product.imageUrl,
              found: true,
              status: product.status,
              specifications: specificationNames(specifications),
              shown: { price: product.price, salePrice: product.salePrice, availability: product.availability, inStock: product.inStock, rating: product.rating, review: readBlockReview(product.review), specifications },
            };
          } catch {
            return { id, name: `Product ${id}`, imageUrl: null, found: false };
          }
        }),
      ),
    enabled: ids.length > 0,
  });
}

/** The products, straight from the JSON file ./build.ts wrote (FLOOR_DATA): Astro's own file() loader. */
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';

const products = defineCollection({
  loader: file(process.env.FLOOR_DATA ?? 'floor-data.json'),
  schema: z.object({
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number(),
    salePrice: z.number().nullable(),
    imageUrl: z.string().nullable(),
    rating: z.number(),
    inStock: z.boolean(),
    category: z.string(),
    categoryName: z.string(),
    affiliateUrl: z.string(),
    specifications: z.record(z.string(), z.string()),
    related: z.array(z.object({ slug: z.string(), name: z.string(), price: z.number(), imageUrl: z.string().nullable() })),
  }),
});

export const collections = { products };

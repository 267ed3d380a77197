/** The shape of one product type in the demo catalogue. */
import type { BrandGroup } from '../brands.ts';
import type { CategorySlug } from '../categories.ts';

export interface TypeReview {
  title: string;
  text: string;
  /** Whole stars, 1 to 5. */
  rating: number;
}

export interface ProductType {
  key: string;
  /** Three letters used in SKUs. */
  code: string;
  /** The product noun used in names, e.g. 'Adjustable Dumbbells'. */
  noun: string;
  /** Illustration key: public/images/products/{image}-{a|b|c}.svg */
  image: string;
  /** Price range in dollars; variants are ordered cheapest first and priced along it. */
  price: readonly [number, number];
  /** Candidate categories, the first the most likely. */
  categories: readonly CategorySlug[];
  makers: BrandGroup;
  /** Size, weight, flavour or pack, appended to the name after a comma. */
  variants: readonly string[];
  /** Completes the first sentence of the description after the product name. */
  summary: string;
  features: readonly string[];
  /** A closing paragraph: who it suits, how to use or care for it. */
  usage: string;
  tags: readonly string[];
  /** String-valued specification entries; one value of each list is chosen. */
  specs: Readonly<Record<string, readonly string[]>>;
  /** Entries a variant fixes, so the name and the specifications agree ('Foam Roller, 36 inch' is 36 inches long). */
  variantSpecs?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** At least four; two become specification reviews, two attribute quotes. */
  reviews: readonly TypeReview[];
  fsaHsa?: boolean;
  /** Servings or pieces per pack: sets unit_count and unit_price. */
  units?: readonly [number, number];
  /** Devices with screens and storage (the spec's electronics attributes). */
  electronics?: {
    /** Only variants whose label contains this text have a screen (all when absent). */
    variant?: string;
    screen: readonly string[];
    storage: readonly string[];
    ram: readonly string[];
  };
}

/**
 * The CSV file's columns (spec section 3, "CSV columns"), in the spec's order. The template, the export and the
 * import all use this one list, so a file the site writes is a file it reads.
 */
import Papa from 'papaparse';

export const CSV_COLUMNS = [
  'affiliate_link',
  'title',
  'image_url',
  'gallery_image_urls',
  'description',
  'price',
  'sale_price',
  'rating',
  'review_1',
  'review_2',
  'category',
  'tags',
  'sku',
  'status',
  'date_added',
  'cta',
  'affiliate_network',
  'commission_rate',
  'availability',
  'in_stock',
  'specifications',
  'custom_attributes',
  'action',
  'asin',
  'product_title',
  'unit_price',
  'unit_count',
  'currency',
  'product_num_ratings',
  'sales_volume',
  'product_url',
  'product_photo',
  'product_num_offers',
  'product_minimum_offer_price',
  'is_best_seller',
  'is_amazon_choice',
  'is_prime',
  'climate_pledge_friendly',
  'has_variations',
  'delivery',
  'product_byline',
  'coupon_text',
  'product_badge',
  'product_original_price',
  'standing_screen_display_size',
  'memory_storage_capacity',
  'ram_memory_installed_size',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** A row as papaparse gives it with the import's settings: normalized header → cell text. */
export type CsvValues = Readonly<Record<string, string | undefined>>;

/** The columns that name the product's affiliate link; one of them must be in the header. */
export const URL_COLUMNS = ['affiliate_link', 'product_url'] as const satisfies readonly CsvColumn[];

export const TEMPLATE_FILE_NAME = 'affiliate_products_template.csv';

/** The template's one example row: a realistic Amazon product, every column filled in as an importer would. */
export const TEMPLATE_EXAMPLE_ROW: Readonly<Record<CsvColumn, string>> = {
  affiliate_link: 'https://www.amazon.com/TheraGun-Elite-Massage-Gun/dp/B0CRHF7D24',
  title: 'Theragun Elite Percussion Massage Gun',
  image_url: 'https://m.media-amazon.com/images/I/61example1.jpg',
  gallery_image_urls: 'https://m.media-amazon.com/images/I/61example2.jpg,https://m.media-amazon.com/images/I/61example3.jpg',
  description: '<p>Quiet deep-muscle treatment with five speeds and a 120-minute battery.</p>',
  price: '399.00',
  sale_price: '349.00',
  rating: '4.7',
  review_1: 'Best recovery tool I have bought, quiet enough to use while watching TV.',
  review_2: 'The battery lasts a week of daily use.',
  category: 'Recovery',
  tags: 'massage gun, recovery, percussion',
  sku: 'TG-ELITE-01',
  status: 'Published',
  date_added: '2026-01-15',
  cta: 'Check Price',
  affiliate_network: 'amazon',
  commission_rate: '4',
  availability: 'true',
  in_stock: 'true',
  specifications: '{"weight":"2.2 lb","battery":"120 minutes","speeds":"5"}',
  custom_attributes: '{"brand":"Therabody"}',
  action: '',
  asin: 'B0CRHF7D24',
  product_title: '',
  unit_price: '349.00',
  unit_count: '1',
  currency: 'USD',
  product_num_ratings: '2841',
  sales_volume: '1K+ bought in past month',
  product_url: '',
  product_photo: '',
  product_num_offers: '3',
  product_minimum_offer_price: '339.99',
  is_best_seller: 'true',
  is_amazon_choice: 'false',
  is_prime: 'true',
  climate_pledge_friendly: 'false',
  has_variations: 'true',
  delivery: 'FREE delivery Tuesday',
  product_byline: 'Visit the Therabody Store',
  coupon_text: 'Save 5% with coupon',
  product_badge: 'Best Seller',
  product_original_price: '399.00',
  standing_screen_display_size: '',
  memory_storage_capacity: '',
  ram_memory_installed_size: '',
};

/** affiliate_products_template.csv: the header and the example row. */
export function templateCsv(): string {
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: [CSV_COLUMNS.map((column) => TEMPLATE_EXAMPLE_ROW[column])] });
}

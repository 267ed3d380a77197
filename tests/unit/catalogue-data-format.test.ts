import { describe, expect, it } from 'vitest';
import {
  cardShardUrl,
  decodeCardShard,
  decodeSearchShard,
  encodeCardShard,
  encodeSearchShard,
  picksScope,
  picksUrl,
  searchShardUrl,
} from '../../src/domain/catalogue/data-format.ts';
import { buildCatalogueItems, fingerprint, groupIntoShards, mergeShards, NO_CATEGORY_SHARD, shardKey } from '../../src/domain/catalogue/dataset.ts';
import { buildSearchShard } from '../../src/domain/catalogue/search.ts';
import { product } from './catalogue-fixtures.ts';

const DAY = 86_400_000;

describe('card data round-trips through the compact format', () => {
  it('decodes to the same cards, with creation times to the day', () => {
    const full = product({
      id: 7,
      name: 'Pulse Pro Massage Gun, Mini',
      slug: 'pulse-pro-massage-gun-mini',
      price: 129.99,
      salePrice: 99.95,
      imageUrl: '/images/gun.svg',
      rating: 4.37,
      inStock: false,
      createdAt: 20_000 * DAY + 5_000,
      cta: 'Check on Amazon',
      salesVolume: 600,
      numRatings: 12_345,
      dealEndsAt: 1_800_000_000 * 1000 - 120_000,
      featured: true,
      bestSeller: true,
      amazonChoice: true,
      climatePledge: true,
      fsaHsa: true,
      limitedStock: true,
    });
    const bare = product({ id: 8, name: 'Band', slug: 'custom-slug', imageUrl: null, rating: null, affiliateUrl: null });
    const built = buildCatalogueItems([full, bare]);
    const decoded = decodeCardShard(JSON.parse(JSON.stringify(encodeCardShard(full.category, built))));
    const expected = new Map([
      [7, { ...full, createdAt: 20_000 * DAY }],
      [8, { ...bare, createdAt: Math.floor(bare.createdAt / DAY) * DAY }],
    ]);
    expect(decoded.map((item) => item.product)).toEqual(built.map((item) => expected.get(item.product.id)));
    expect(decoded.map((item) => [item.rank, item.nameRank])).toEqual(built.map((item) => [item.rank, item.nameRank]));
  });

  it('stores repeated images and wording once and leaves derivable slugs out', () => {
    const list = buildCatalogueItems([
      product({ name: 'A Mat', slug: 'a-mat', imageUrl: '/m.svg', cta: 'View Deal' }),
      product({ name: 'B Mat', slug: 'b-mat', imageUrl: '/m.svg', cta: 'View Deal' }),
    ]);
    const file = encodeCardShard(null, list);
    expect(file.images).toEqual(['/m.svg']);
    expect(file.ctas).toEqual(['View Deal']);
    expect(file.rows.map((row) => row[4])).toEqual([0, 0]);
  });

  it('refuses an unknown format', () => {
    const file = { ...encodeCardShard(null, []), format: 2 as unknown as 1 };
    expect(() => decodeCardShard(file)).toThrow(/format/);
    expect(() => decodeSearchShard({ ...encodeSearchShard(buildSearchShard([])), format: 2 as unknown as 1 })).toThrow(/format/);
  });
});

describe('the catalogue is one shard per category, newest first', () => {
  it('ranks by newest and by name, and merges back in order', () => {
    const list = buildCatalogueItems([
      product({ id: 1, name: 'zeta', createdAt: 1 * DAY }),
      product({ id: 2, name: 'Alpha', createdAt: 3 * DAY, category: { name: 'Home', slug: 'home' } }),
      product({ id: 3, name: 'Mid', createdAt: 2 * DAY, category: null }),
    ]);
    expect(list.map((item) => [item.product.id, item.rank, item.nameRank])).toEqual([
      [2, 0, 0],
      [3, 1, 1],
      [1, 2, 2],
    ]);
    const shards = groupIntoShards(list);
    expect(shards.map((shard) => shard.key)).toEqual(['home', NO_CATEGORY_SHARD, 'recovery']);
    expect(mergeShards(shards.map((shard) => shard.items).reverse()).map((item) => item.product.id)).toEqual([2, 3, 1]);
    expect(shardKey(null)).toBe('_none');
  });

  it('ties on creation time go to the higher id', () => {
    const list = buildCatalogueItems([product({ id: 1, createdAt: DAY }), product({ id: 2, createdAt: DAY })]);
    expect(list.map((item) => item.product.id)).toEqual([2, 1]);
  });

  it('names each build’s files by a fingerprint of their content', () => {
    expect(fingerprint('a')).toBe(fingerprint('a'));
    expect(fingerprint('a')).not.toBe(fingerprint('b'));
    expect(cardShardUrl('v1', 'home')).toBe('/catalogue-data/v1/home.json');
    expect(searchShardUrl('v1', 'home')).toBe('/catalogue-data/v1/search/home.json');
    // In a folder of its own, so no category slug can collide with it.
    expect(picksUrl('v1')).toBe('/catalogue-data/v1/picks/all.json');
    expect(picksScope(null)).toBe('');
    expect(picksScope('home')).toBe('home');
  });
});

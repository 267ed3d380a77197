import { describe, expect, it } from 'vitest';
import { buildSearchShard, descriptionBlocks, descriptionMatches, matchesSearchTerm, searchNeedle } from '../../src/domain/catalogue/search.ts';

describe('search matches the description text, not its HTML', () => {
  it('splits blocks, strips tags, decodes entities and folds case', () => {
    expect(
      descriptionBlocks('<p>The <strong>Pulse</strong> gun &amp; case</p>\n<ul><li>Quiet&nbsp;motor</li><li>USB-C</li></ul><h3>Why</h3>'),
    ).toEqual(['the pulse gun & case', 'quiet motor', 'usb-c', 'why']);
  });

  it('does not match tag names', () => {
    const shard = buildSearchShard([descriptionBlocks('<p><strong>Foam</strong> roller</p>')]);
    expect(descriptionMatches(shard, 'strong')).toEqual([false]);
    expect(descriptionMatches(shard, 'foam roller')).toEqual([true]);
  });
});

describe('search is case-insensitive on the name or the description', () => {
  it('folds the term and matches either side', () => {
    const needle = searchNeedle('  ROLLER ')!;
    expect(needle).toBe('roller');
    expect(matchesSearchTerm(needle, 'Foam Roller', false)).toBe(true);
    expect(matchesSearchTerm(needle, 'Massage Gun', true)).toBe(true);
    expect(matchesSearchTerm(needle, 'Massage Gun', false)).toBe(false);
    expect(searchNeedle('   ')).toBeNull();
  });
});

describe('a search shard stores each distinct block once', () => {
  it('shares blocks between products and keeps each product’s own', () => {
    const shard = buildSearchShard([
      ['shared advice', 'only first'],
      ['shared advice', 'only second', 'shared advice'],
    ]);
    expect(shard.blocks).toEqual(['shared advice', 'only first', 'only second']);
    expect(shard.refs).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(descriptionMatches(shard, 'second')).toEqual([false, true]);
    expect(descriptionMatches(shard, 'advice')).toEqual([true, true]);
  });
});

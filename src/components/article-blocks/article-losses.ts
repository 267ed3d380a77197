/**
 * The build's report of products that articles' blocks lost (deleted, drafts or unavailable), one line per article on
 * the build's output, so an owner reading the log sees which posts and guides changed without an edit.
 */
import type { ProductBlock } from '../../domain/article-blocks/block-markup.ts';
import { articleLosses, lossLogLine } from '../../domain/article-blocks/block-resolution.ts';
import type { BlockCatalogue } from './block-catalogue.ts';

export function logArticleLosses(articles: readonly { page: string; title: string; blocks: readonly ProductBlock[] }[], catalogue: BlockCatalogue): void {
  for (const loss of articleLosses(articles, catalogue.shown)) console.warn(`[product blocks] ${lossLogLine(loss)}`);
}

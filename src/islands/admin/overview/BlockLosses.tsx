/**
 * The overview's notices of posts, and of guides, whose product blocks lost products (deleted, drafts or unavailable),
 * each only when some did. They are two notices because the fix differs: a post is edited in the admin panel, a guide is
 * Markdown kept with the site's code, so its line names the guide and its file.
 */
import type { AdminOverview } from '../../../domain/admin/overview.ts';
import { GUIDES_DIR } from '../../../domain/article-blocks/guide-files.ts';
import { ui } from '../../ui.ts';

type Loss = AdminOverview['blockLosses'][number];

const lostProducts = (loss: Loss) => `lost product${loss.missing.length === 1 ? '' : 's'} ${loss.missing.map((id) => `#${id}`).join(', ')}`;
const guideFile = (loss: Loss) => `${GUIDES_DIR}/${loss.page.slice('/guides/'.length)}.md`;

function LossNotice({ id, heading, explanation, losses }: { id: string; heading: string; explanation: string; losses: Loss[] }) {
  if (losses.length === 0) return null;
  return (
    <section aria-labelledby={id} className={`${ui.card} border-l-4 border-l-sale p-5`}>
      <h2 id={id} className="text-lg font-bold text-ink">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{explanation}</p>
      <ul className="mt-3 space-y-1.5 text-sm">
        {losses.map((loss) => (
          <li key={loss.page}>
            <a href={loss.page} className={ui.link}>
              {loss.title}
            </a>{' '}
            <span className="text-ink-muted">
              {loss.kind === 'guide' && `(${guideFile(loss)}) `}
              {lostProducts(loss)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function BlockLosses({ losses }: { losses: AdminOverview['blockLosses'] }) {
  return (
    <>
      <LossNotice
        id="block-losses"
        heading="Posts missing products"
        explanation="These posts show products that were deleted, made drafts or made unavailable; their pages leave them out."
        losses={losses.filter((loss) => loss.kind === 'post')}
      />
      <LossNotice
        id="guide-block-losses"
        heading="Guides missing products"
        explanation={`These guides show products that were deleted, made drafts or made unavailable; their pages leave them out. A guide is edited in its Markdown file under ${GUIDES_DIR}/, then published with the site.`}
        losses={losses.filter((loss) => loss.kind === 'guide')}
      />
    </>
  );
}

/**
 * A roundup's part of the post preview, in the order and with the headings the public page gives it
 * (src/components/roundup/RoundupPicks.astro): 'Our picks' (each under its award, with the product's image, name,
 * score, price, stock and verdict, then the editor's paragraph), 'Compare our picks' (the picks' comparison table, the
 * rows ROUNDUP_TABLE_ROWS), 'How we chose' and 'The competition'. A pick whose product the public page would leave out
 * (deleted, a draft, unavailable) is named and said to be left out. Prices are the ones stored now; the published page
 * shows them with their age, from the build.
 */
import { formatScore, tableCellText, type BlockReview } from '../../../domain/article-blocks/block-product.ts';
import { rowLabel } from '../../../domain/article-blocks/block-markup.ts';
import { thumbnailSrc } from '../../../domain/admin/product-list.ts';
import { normalizeAward } from '../../../domain/editorial/review.ts';
import { ROUNDUP_TABLE_ROWS } from '../../../domain/editorial/roundup.ts';
import { formatPrice } from '../../../domain/money.ts';
import { effectivePrice } from '../../../domain/product.ts';
import { useChosenProducts, type ChosenProduct } from './block-products-api.ts';
import PreviewHtml from './PreviewHtml.tsx';

const sectionHeading = 'text-2xl font-bold tracking-tight text-ink';
const awardLabel = 'm-0 w-fit rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white';

type Shown = NonNullable<ChosenProduct['shown']>;

/** The roundup as the form holds it while it is edited (a product id may still be text, a section may be unset). */
export interface PreviewRoundup {
  picks: { productId: number | string; award: string; paragraph: string }[];
  howWeChose?: string | null;
  competition?: string | null;
}
interface PreviewPick {
  productId: number;
  award: string;
  paragraph: string;
  name: string;
  imageUrl: string | null;
  /** Null when the public page leaves the pick out, with why. */
  shown: Shown | null;
  leftOut: string | null;
}

function leftOutReason(product: ChosenProduct | undefined): string | null {
  if (!product) return null;
  if (!product.found) return 'Deleted: left out of the published post.';
  if (product.status === 'draft') return 'A draft: left out until it is published.';
  if (product.shown && !product.shown.availability) return 'Unavailable: left out of the published post.';
  return null;
}

export default function RoundupPreview({ roundup }: { roundup: PreviewRoundup }) {
  const ids = roundup.picks.map((pick) => Number(pick.productId));
  const products = useChosenProducts(ids);
  const picks: PreviewPick[] = roundup.picks.map((pick, index) => {
    const product = products.data?.[index];
    const leftOut = leftOutReason(product);
    return {
      productId: Number(pick.productId),
      // Stored as the server will store it: 'best overall' is saved as 'Best Overall'.
      award: normalizeAward(pick.award),
      paragraph: pick.paragraph,
      name: product?.name ?? `Product ${pick.productId}`,
      imageUrl: product?.imageUrl ?? null,
      shown: leftOut === null ? (product?.shown ?? null) : null,
      leftOut,
    };
  });
  const compared = picks.filter((pick): pick is PreviewPick & { shown: Shown } => pick.shown !== null);
  return (
    <>
      {picks.length > 0 && (
        <section aria-labelledby="preview-roundup-picks" className="mt-10">
          <h3 id="preview-roundup-picks" className={sectionHeading}>
            Our picks
          </h3>
          {products.isPending && <p className="mt-2 text-sm text-ink-muted">Loading the picks&rsquo; products…</p>}
          <ol className="m-0 mt-6 list-none space-y-10 p-0">
            {picks.map((pick, index) => (
              <li key={`${pick.productId}-${index}`} className="m-0">
                <h4 className="m-0 mb-3 text-base">
                  <span className={awardLabel}>{pick.award || 'No award yet'}</span>
                  <span className="sr-only">: {pick.name}</span>
                </h4>
                <PickBox pick={pick} />
                <PreviewHtml html={pick.paragraph} className="prose-content mt-4 text-[1.0625rem]" />
              </li>
            ))}
          </ol>
        </section>
      )}
      {compared.length > 1 && (
        <section aria-labelledby="preview-roundup-compare" className="mt-12">
          <h3 id="preview-roundup-compare" className={`mb-4 ${sectionHeading}`}>
            Compare our picks
          </h3>
          <div className="overflow-x-auto rounded-card border border-line" role="region" aria-label={`Comparison of ${compared.map((pick) => pick.name).join(', ')}`} tabIndex={0}>
            <table className="w-full min-w-max border-collapse text-sm">
              <thead>
                <tr>
                  <td className="sticky left-0 bg-surface p-3" />
                  {compared.map((pick) => (
                    <th key={pick.productId} scope="col" className="max-w-48 p-3 text-left align-bottom font-semibold text-ink">
                      {pick.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ROUNDUP_TABLE_ROWS.map((row) => (
                  <tr key={row} className="border-t border-line">
                    <th scope="row" className="sticky left-0 bg-surface p-3 text-left font-semibold text-ink">
                      {rowLabel(row)}
                    </th>
                    {compared.map((pick) => (
                      <td key={pick.productId} className="p-3 text-ink">
                        {row === 'price'
                          ? formatPrice(effectivePrice(pick.shown.price, pick.shown.salePrice))
                          : tableCellText(row, { ...pick.shown, review: { ...pick.shown.review, award: pick.award || null } })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {roundup.howWeChose?.trim() && (
        <section aria-labelledby="preview-roundup-how" className="mt-12">
          <h3 id="preview-roundup-how" className={sectionHeading}>
            How we chose
          </h3>
          <PreviewHtml html={roundup.howWeChose} className="prose-content mt-4 text-[1.0625rem]" />
        </section>
      )}
      {roundup.competition?.trim() && (
        <section aria-labelledby="preview-roundup-competition" className="mt-12">
          <h3 id="preview-roundup-competition" className={sectionHeading}>
            The competition
          </h3>
          <PreviewHtml html={roundup.competition} className="prose-content mt-4 text-[1.0625rem]" />
        </section>
      )}
    </>
  );
}

/** The pick's product box: what the public box shows that the admin's data holds now. */
function PickBox({ pick }: { pick: PreviewPick }) {
  const src = thumbnailSrc(pick.imageUrl);
  const review: BlockReview | undefined = pick.shown?.review;
  return (
    <div className="flex gap-4 rounded-card border border-line bg-surface p-4">
      {src ? <img src={src} alt="" width={96} height={96} className="m-0 size-24 shrink-0 rounded object-cover" /> : <span className="size-24 shrink-0 rounded bg-muted" />}
      <div className="min-w-0 space-y-1">
        <p className="m-0 font-semibold text-ink">{pick.name}</p>
        {pick.leftOut ? (
          <p className="m-0 text-sm font-medium text-sale">{pick.leftOut}</p>
        ) : (
          pick.shown && (
            <>
              {review?.score != null && <p className="m-0 text-sm text-ink">Our score {formatScore(review.score)}</p>}
              <p className="m-0 text-sm text-ink">
                {formatPrice(effectivePrice(pick.shown.price, pick.shown.salePrice))}
                <span className="text-ink-muted"> · {pick.shown.inStock ? 'In stock' : 'Out of stock'}</span>
              </p>
              {review?.verdict && <p className="m-0 text-sm text-ink-muted">{review.verdict}</p>}
            </>
          )
        )}
      </div>
    </div>
  );
}

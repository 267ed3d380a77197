/** Published or Draft, as a badge (shadcn's default and secondary variants, spec section 3). */
export default function StatusBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="inline-flex rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Published</span>
  ) : (
    <span className="inline-flex rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-ink">Draft</span>
  );
}

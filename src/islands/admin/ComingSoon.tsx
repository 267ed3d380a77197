/** The sections later issues build: said plainly rather than shown as an empty screen. */
export default function ComingSoon() {
  return <p className="text-ink-muted">This manager is coming soon.</p>;
}

/**
 * The home hero as it will render, for the hero manager. The same presentation rules (hero-presentation.ts) and the
 * same markup and classes as src/components/Hero.astro, with the links drawn as inert look-alikes and the heading
 * as a paragraph, since the preview sits inside the admin page.
 */
import type { Hero } from '../../../domain/hero.ts';
import { heroPresentation } from '../../../domain/hero-presentation.ts';

export default function HeroPreview({ hero }: { hero: Hero }) {
  const look = heroPresentation(hero);
  const light = look.tone === 'light';
  return (
    <section
      aria-label="Preview of the home page hero"
      data-hero-mode={look.mode}
      className={`relative isolate overflow-hidden rounded-[var(--radius-card)] border border-line ${look.mode === 'muted' ? 'bg-muted' : ''}`}
      style={look.backgroundColor ? { backgroundColor: look.backgroundColor } : undefined}
    >
      {look.image && (
        <>
          <img src={look.image.url} alt={look.image.alt} width={1600} height={700} decoding="async" className="absolute inset-0 -z-20 h-full w-full object-cover" />
          <div data-hero-overlay className="absolute inset-0 -z-10 bg-linear-to-r from-black/75 via-black/55 to-black/30" aria-hidden="true" />
        </>
      )}
      <div className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <div className="max-w-2xl">
          <p className={`mb-3 text-sm font-semibold tracking-widest uppercase ${light ? 'text-brand-200' : 'text-brand-700'}`}>Home fitness · Recovery · Wellness</p>
          <p className={`text-4xl font-bold tracking-tight text-balance sm:text-5xl ${light ? 'text-white' : 'text-ink'}`}>Recover smarter. Train better at home.</p>
          <p className={`mt-5 text-lg leading-relaxed ${light ? 'text-white/90' : 'text-ink-muted'}`}>
            We test home gym, recovery and wellness gear and pair it with AI-powered analysis of customer reviews and price data, so you can buy the
            right thing at the right price.
          </p>
          <div className="mt-8 flex flex-wrap gap-3" aria-hidden="true">
            <span className="inline-flex h-12 items-center rounded-full bg-accent px-6 font-semibold text-white shadow-sm">Browse Products</span>
            <span
              className={`inline-flex h-12 items-center rounded-full border px-6 font-semibold ${light ? 'border-white/60 text-white' : 'border-brand-700 text-brand-800'}`}
            >
              See Top Picks
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}

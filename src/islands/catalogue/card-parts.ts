/**
 * The parts of the island that draw product cards: a computed list's grid, the Trending strip and Top Picks'
 * carousels (view-parts.ts).
 */
export { ProductGrid } from './ProductGrid.tsx';
export { TopPicksView } from './TopPicksView.tsx';
export { TrendingStrip } from './TrendingStrip.tsx';

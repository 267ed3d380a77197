/**
 * `client:interaction`: an island that hydrates when someone reaches for it (a press, focus, a key
 * or a click inside it) rather than with the page, so a visitor who never does loads no React for
 * it (ARCHITECTURE section 9: React loads only where an island needs it at first paint, or on first
 * interaction). For a signed-in reader (AuthBootstrap marks <html> before the first paint) the island
 * shows personal state (Saved, Bookmarked), so it hydrates as client:visible does. The rule is
 * src/lib/when-reached-for.ts.
 *
 * The first click itself is held by the early-click script (src/lib/early-clicks.ts: an
 * `astro-island[ssr]` gates its buttons) and carried out once the island has hydrated.
 */
import type { ClientDirective } from 'astro';
import { whenReachedFor } from '../lib/when-reached-for.ts';

const interactionDirective: ClientDirective = (load, _options, island) => {
  whenReachedFor(island, async () => {
    await (await load())();
  });
};

export default interactionDirective;

/**
 * `client:interaction`: an island that hydrates when someone reaches for it (a press, focus, a key
 * or a click inside it) rather than with the page, so a visitor who never does loads no React for
 * it (ARCHITECTURE section 9: React loads only where an island needs it at first paint, or on first
 * interaction). For a signed-in reader (AuthBootstrap marks <html> before the first paint) the island
 * shows personal state (Saved, Bookmarked), so it hydrates as client:visible does.
 *
 * The first click itself is held by the early-click script (src/lib/early-clicks.ts: an
 * `astro-island[ssr]` gates its buttons) and carried out once the island has hydrated. Listening on
 * window in the capture phase hears the click before that script stops it at the document.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

const interactionDirective: ClientDirective = (load, _options, island) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) window.removeEventListener(type, onEvent, true);
    observer?.disconnect();
    await (await load())();
  };
  const onEvent = (event: Event) => {
    if (event.target instanceof Node && island.contains(event.target)) void hydrate();
  };
  for (const type of EVENTS) window.addEventListener(type, onEvent, true);

  let observer: IntersectionObserver | undefined;
  if (document.documentElement.dataset['auth'] === 'signed-in') {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void hydrate();
    });
    for (const child of island.children) observer.observe(child);
  }
};

export default interactionDirective;

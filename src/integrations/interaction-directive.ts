/**
 * Registers `client:interaction` (src/directives/interaction.ts): islands that hydrate on first
 * interaction, or when seen by a signed-in reader.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}

/** The directive as Astro registers it; the site's policy hashes the loader Astro inlines for it (inline-script-hashes.ts). */
export const INTERACTION_DIRECTIVE = { name: 'interaction', entrypoint: fileURLToPath(new URL('../directives/interaction.ts', import.meta.url)) };

export function interactionDirective(): AstroIntegration {
  return {
    name: 'repwell:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective(INTERACTION_DIRECTIVE);
      },
    },
  };
}

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

export function interactionDirective(): AstroIntegration {
  return {
    name: 'repwell:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('../directives/interaction.ts', import.meta.url)) });
      },
    },
  };
}

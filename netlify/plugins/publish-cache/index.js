// Netlify's builds start from a fresh checkout. A partial build (`npm run build -- --partial`,
// src/server/publishing/partial-build.ts) starts from the last complete build and renders with the renderer that build
// kept (src/integrations/kept-renderer.ts), so this keeps both in Netlify's build cache: restored before the build,
// saved after it. Without a cached build (the first deploy, a cleared cache) the build is a full one; without the
// renderer, a partial build runs Astro's pipeline. The folder's publish state (.repwell-publish.json) travels with
// it; Netlify does not deploy dotfiles.
const RENDERERS = '.astro/renderers';

export const onPreBuild = async ({ constants, utils }) => {
  const restored = await utils.cache.restore(constants.PUBLISH_DIR);
  const renderer = await utils.cache.restore(RENDERERS);
  console.log(
    restored
      ? `Restored the last build into ${constants.PUBLISH_DIR} for a partial build${renderer ? ', with its renderer' : ''}.`
      : 'No cached build: this build is a full one.',
  );
};

export const onSuccess = async ({ constants, utils }) => {
  if (await utils.cache.save(constants.PUBLISH_DIR)) console.log(`Cached ${constants.PUBLISH_DIR} for the next build.`);
  if (await utils.cache.save(RENDERERS)) console.log(`Cached ${RENDERERS} for the next build.`);
};

// Netlify's builds start from a fresh checkout. A partial build (`npm run build -- --partial`,
// src/server/publishing/partial-build.ts) starts from the last complete build, so this keeps the published folder in
// Netlify's build cache: restored before the build, saved after it. Without a cached build (the first deploy, a
// cleared cache) the build is a full one. The folder's publish state (.repwell-publish.json) travels with it; Netlify
// does not deploy dotfiles.
export const onPreBuild = async ({ constants, utils }) => {
  const restored = await utils.cache.restore(constants.PUBLISH_DIR);
  console.log(restored ? `Restored the last build into ${constants.PUBLISH_DIR} for a partial build.` : 'No cached build: this build is a full one.');
};

export const onSuccess = async ({ constants, utils }) => {
  if (await utils.cache.save(constants.PUBLISH_DIR)) console.log(`Cached ${constants.PUBLISH_DIR} for the next build.`);
};

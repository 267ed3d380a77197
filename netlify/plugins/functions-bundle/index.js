// The build plugin that bundles each function whole before Netlify's bundler runs (bundle.js says why and how).
import { resolve } from 'node:path';
import { bundleFunctionSources } from './bundle.js';

export const onBuild = async ({ constants, inputs, utils }) => {
  const source = resolve(inputs.source);
  const destination = resolve(constants.FUNCTIONS_SRC);
  if (source === destination) {
    utils.build.failBuild(`netlify.toml's [functions] directory must be the bundles' folder, not the sources (${inputs.source}).`);
    return;
  }
  try {
    const { functions, ms } = await bundleFunctionSources({ source, destination });
    console.log(`Bundled ${functions} functions from ${inputs.source} into ${constants.FUNCTIONS_SRC} in ${(ms / 1000).toFixed(1)} s.`);
  } catch (error) {
    utils.build.failBuild(`Bundling the functions of ${inputs.source} failed.`, { error });
  }
};

/** The page policy computed at config time by src/integrations/inline-script-hashes.ts. */
declare module 'virtual:repwell/content-security-policy' {
  export const policy: string;
}

/** The site path of the head's early scripts, written by src/integrations/head-script.ts. */
declare module 'virtual:repwell/head-script' {
  export const headScriptPath: string;
}

/**
 * The inline scripts written out at build time, by name, as astro.config.mjs hands them to the policy (trustedScripts
 * of src/integrations/inline-script-hashes.ts): the exact texts the policy hashed.
 */
declare module 'virtual:repwell/trusted-scripts' {
  export const chunkRecoveryScript: string;
  export const accountBarFillScript: string;
  export const cookieBannerRevealScript: string;
}

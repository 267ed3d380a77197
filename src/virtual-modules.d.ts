/** The page policy computed at config time by src/integrations/inline-script-hashes.ts. */
declare module 'virtual:repwell/content-security-policy' {
  export const policy: string;
}

/** The site path of the head's early scripts, written by src/integrations/head-script.ts. */
declare module 'virtual:repwell/head-script' {
  export const headScriptPath: string;
}

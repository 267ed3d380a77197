/** The page policy computed at config time by src/integrations/inline-script-hashes.ts. */
declare module 'virtual:repwell/content-security-policy' {
  export const policy: string;
}

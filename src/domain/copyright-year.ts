/**
 * The footer's copyright year, in UTC: the build reads it, and the site snapshot holds it so that a partial build
 * renders every page again when it turns (src/server/publishing/site-snapshot.ts). Both call this, so a build on a
 * machine in another time zone around New Year cannot write a year the plan does not know of.
 */
export function copyrightYear(at: Date): number {
  return at.getUTCFullYear();
}

import { test as base, expect } from '@playwright/test';
import { e2eServers, siteOfProject, type E2eServer } from './e2e-servers.ts';

declare global {
  interface Window {
    __repwellCspViolation?: (report: string) => void;
  }
}

/**
 * Every test runs against the server global-setup.ts started for its project (e2e-servers.ts), with the site's
 * Content-Security-Policy in force (the page's <meta> policy and the _headers one): any violation in any page of the
 * test's browser context fails the test, so a script or style the policy does not allow cannot pass unseen.
 */
export const test = base.extend<{ cspViolations: string[] }, { projectServer: E2eServer }>({
  // The worker's server, also as E2E_BASE_URL, E2E_SITE_DIR and DATABASE_URL for the specs and helpers that read the
  // site's files or its database: set before any test or hook of the worker runs.
  projectServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = e2eServers.get(siteOfProject(workerInfo.project.name));
      process.env.E2E_BASE_URL = server.baseUrl;
      process.env.E2E_SITE_DIR = server.siteDir;
      process.env.DATABASE_URL = server.databaseUrl;
      await use(server);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ projectServer }, use) => use(projectServer.baseUrl),

  cspViolations: [
    async ({ context }, use, testInfo) => {
      const violations: string[] = [];
      // The page reports each securitypolicyviolation event; it runs before any script of the page.
      await context.exposeBinding('__repwellCspViolation', (_source, report: string) => {
        violations.push(report);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
          window.__repwellCspViolation?.(
            `${event.effectiveDirective} refused ${event.blockedURI || 'an inline resource'} on ${event.documentURI}${where}${event.sample ? `: ${event.sample}` : ''}`,
          );
        });
      });
      // Chromium also logs each refusal, including those the event cannot report (a worker's, a frame's).
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });

      await use(violations);

      if (violations.length > 0) await testInfo.attach('csp-violations', { body: violations.join('\n'), contentType: 'text/plain' });
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The two servers of a run (global-setup.ts) and which project's specs use which: the admin project's specs write and
 * wait for rebuilds on the admin server; every other project reads the public one, which no admin write reaches.
 * Handed from the runner to its workers through the environment, the one thing a worker inherits.
 */
export type E2eSite = 'public' | 'admin';

export interface E2eServer {
  readonly baseUrl: string;
  /** The folder the server serves. */
  readonly siteDir: string;
  readonly databaseUrl: string;
}

const variable = (site: E2eSite) => `E2E_SERVER_${site.toUpperCase()}`;

export const e2eServers = {
  set(site: E2eSite, server: E2eServer): void {
    process.env[variable(site)] = JSON.stringify(server);
  },
  get(site: E2eSite): E2eServer {
    const value = process.env[variable(site)];
    if (!value) throw new Error(`No ${site} server is set: global-setup.ts did not run.`);
    return JSON.parse(value) as E2eServer;
  },
};

/** The project playwright.config.ts names 'admin' runs against the admin server. */
export const siteOfProject = (projectName: string): E2eSite => (projectName === 'admin' ? 'admin' : 'public');

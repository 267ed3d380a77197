/**
 * Runs the test libSQL server (libsql-http-server.ts) as its own process, for suites that start other processes:
 *
 *   node tests/helpers/libsql-http-server-cli.ts --file /tmp/app.db [--port 0] [--host 127.0.0.1] [--auth-token secret]
 *
 * Prints the server's URL on a line of its own once it listens; SIGINT or SIGTERM rolls back open streams and exits.
 */
import { parseArgs } from 'node:util';
import { startLibsqlHttpServer } from './libsql-http-server.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'auth-token': { type: 'string' },
  },
});

if (!values.file) {
  console.error('usage: libsql-http-server-cli.ts --file <database file> [--port <port>] [--host <host>] [--auth-token <token>]');
  process.exit(2);
}

const server = await startLibsqlHttpServer({
  file: values.file,
  port: Number(values.port),
  host: values.host,
  authToken: values['auth-token'],
});
process.stdout.write(`${server.url}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

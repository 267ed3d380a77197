// Runs in a fresh Node process started with Lambda's options (function-bundles.ts): imports one bundled function's
// handler and answers one request with it, then prints the answer as JSON on the last line of stdout.
// Plain JavaScript, so that nothing but the bundle itself is loaded through a loader or a type stripper.
const [handlerFile, probeJson] = process.argv.slice(2);
const probe = JSON.parse(probeJson);

const handler = (await import(handlerFile)).default;
// performance.now() counts from the process's start, so these include Node's own start, as a cold start does.
const loadedMs = performance.now();
if (typeof handler !== 'function') throw new Error(`${handlerFile} has no default export to call`);

const pending = [];
const context = {
  params: probe.params ?? {},
  ip: '203.0.113.9',
  site: { url: process.env.SITE_URL },
  waitUntil: (promise) => pending.push(promise),
};
const request = new Request(new URL(probe.path, process.env.SITE_URL), {
  method: probe.method,
  headers: probe.headers,
  body: probe.body,
});
const response = await handler(request, context);
const body = await response.text();
const answeredMs = performance.now();
// Lambda keeps the invocation alive for work handed to waitUntil; a failure there is a failure of the function.
await Promise.all(pending);
console.log(JSON.stringify({ status: response.status, contentType: response.headers.get('content-type'), body, loadedMs, answeredMs }));
// The database client's idle sockets would keep the process alive; Lambda freezes it here instead.
process.exit(0);

/**
 * The second thread of a kept render (kept-render.ts): loads the kept bundle with the content store it is handed,
 * renders its share of the pages into the same folder, and posts each page's HTML back for the disclosure check,
 * which runs once for the whole render in the first thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openKeptApp, renderPages, type RenderThreadData, type RenderThreadMessage } from './kept-render.ts';

const data = workerData as RenderThreadData;
const app = await openKeptApp(data.keptDir, data.store);
const routes = new Map(app.manifest.routes.map(({ routeData }) => [routeData.component, routeData]));
const pages = data.pages.map(({ pathname, component }) => {
  const route = routes.get(component);
  if (!route) throw new Error(`no route for ${component} in the kept renderer`);
  return { pathname, route };
});
const post = (message: RenderThreadMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);
const result = await renderPages(app, pages, {
  outDir: data.outDir,
  origin: data.origin,
  previousInputs: data.previousInputs,
  rendered: (page, html) => post({ kind: 'page', page, html }, [html.buffer as ArrayBuffer]),
});
post({ kind: 'done', ...result });

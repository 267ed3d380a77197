/**
 * A fake Pinterest API v5 for tests: a real HTTP server on 127.0.0.1 with GET /v5/boards, POST /v5/pins and
 * GET /v5/boards/{board_id}/pins, paged by bookmark and answering errors as Pinterest does ({ code, message }).
 * Point PINTEREST_API_BASE at `fake.url`.
 *
 *   const fake = await startFakePinterest({ token: 'test-token', boards: [{ id: '101', name: 'Recovery' }] });
 *   fake.failNext({ status: 429, retryAfter: '1' });      // the next matching request answers 429
 *   fake.failNext('drop');                                 // ...or the connection is cut without an answer
 *   fake.failNext('drop-after-create');                    // the pin is made, then the connection is cut
 *   fake.failNext('hang-after-create');                    // the pin is made, the answer never comes (crash tests)
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeBoard {
  id: string;
  name: string;
  privacy?: string;
}

export interface FakePin {
  id: string;
  board_id: string;
  title: string | null;
  description: string | null;
  link: string | null;
  alt_text: string | null;
  image_url: string;
  created_at: string;
}

export type FakeFailure =
  | { status: 400 | 401 | 403 | 404 | 500 | 502 | 503; code?: number; message?: string }
  | { status: 429; retryAfter?: string; resetHeader?: string; message?: string }
  | 'drop'
  | 'drop-after-create'
  | 'hang-after-create';

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

type Route = 'boards' | 'create' | 'board-pins' | 'any';

export interface FakePinterest {
  url: string;
  token: string;
  boards: FakeBoard[];
  /** Every pin made, oldest first. */
  pins: FakePin[];
  requests: FakeRequest[];
  /** The next `times` requests to `route` (default: the create call) fail this way. */
  failNext(failure: FakeFailure, options?: { route?: Route; times?: number }): void;
  /** Resolves when the next pin has been made (before its answer is sent). */
  nextCreate(): Promise<FakePin>;
  createCalls(): number;
  reset(): void;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function page<T>(items: readonly T[], url: URL): { items: T[]; bookmark: string | null } {
  const size = Math.min(250, Math.max(1, Number(url.searchParams.get('page_size') ?? 25)));
  const start = Number(url.searchParams.get('bookmark') ?? 0);
  const slice = items.slice(start, start + size);
  return { items: slice, bookmark: start + size < items.length ? String(start + size) : null };
}

export async function startFakePinterest(options: { token?: string; boards?: FakeBoard[] } = {}): Promise<FakePinterest> {
  const token = options.token ?? 'fake-pinterest-token';
  const initialBoards = options.boards ?? [{ id: '101', name: 'Recovery' }];
  const failures: { route: Route; failure: FakeFailure }[] = [];
  const sockets = new Set<Socket>();
  const createWaiters: ((pin: FakePin) => void)[] = [];
  let nextId = 900_000_000_000;

  const fake: FakePinterest = {
    url: '',
    token,
    boards: initialBoards.map((board) => ({ ...board })),
    pins: [],
    requests: [],
    failNext(failure, { route = 'create', times = 1 } = {}) {
      for (let index = 0; index < times; index++) failures.push({ route, failure });
    },
    nextCreate() {
      return new Promise((resolve) => createWaiters.push(resolve));
    },
    createCalls() {
      return fake.requests.filter((request) => request.method === 'POST' && request.path === '/v5/pins').length;
    },
    reset() {
      fake.boards = initialBoards.map((board) => ({ ...board }));
      fake.pins = [];
      fake.requests = [];
      failures.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const takeFailure = (route: Exclude<Route, 'any'>): FakeFailure | undefined => {
    const index = failures.findIndex((entry) => entry.route === route || entry.route === 'any');
    return index === -1 ? undefined : failures.splice(index, 1)[0]!.failure;
  };

  const createPin = (body: Record<string, unknown>, response: ServerResponse): FakePin | undefined => {
    const boardId = typeof body.board_id === 'string' ? body.board_id : '';
    if (!fake.boards.some((board) => board.id === boardId)) {
      json(response, 404, { code: 40, message: 'Board not found.' });
      return undefined;
    }
    const media = body.media_source as { source_type?: unknown; url?: unknown } | undefined;
    if (media?.source_type !== 'image_url' || typeof media.url !== 'string') {
      json(response, 400, { code: 1, message: 'Invalid request: media_source must be an image_url source.' });
      return undefined;
    }
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : null);
    for (const [name, limit] of [['title', 100], ['description', 800], ['link', 2048], ['alt_text', 500]] as const) {
      if ((text(name) ?? '').length > limit) {
        json(response, 400, { code: 1, message: `Invalid request: ${name} must be at most ${limit} characters.` });
        return undefined;
      }
    }
    const pin: FakePin = {
      id: String(nextId++),
      board_id: boardId,
      title: text('title'),
      description: text('description'),
      link: text('link'),
      alt_text: text('alt_text'),
      image_url: media.url,
      created_at: new Date().toISOString(),
    };
    fake.pins.push(pin);
    for (const waiter of createWaiters.splice(0)) waiter(pin);
    return pin;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const body = await readBody(request);
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, authorization: request.headers.authorization, body });
    if (request.headers.authorization !== `Bearer ${token}`) return json(response, 401, { code: 2, message: 'Authentication failed.' });

    const boardPins = /^\/v5\/boards\/([^/]+)\/pins$/.exec(url.pathname);
    const route: Exclude<Route, 'any'> | undefined =
      request.method === 'GET' && url.pathname === '/v5/boards' ? 'boards' : request.method === 'POST' && url.pathname === '/v5/pins' ? 'create' : request.method === 'GET' && boardPins ? 'board-pins' : undefined;
    if (!route) return json(response, 404, { code: 404, message: 'Not found.' });

    const failure = takeFailure(route);
    if (failure === 'drop') return request.socket.destroy();
    if (failure === 'drop-after-create' || failure === 'hang-after-create') {
      const pin = createPin(body as Record<string, unknown>, response);
      if (!pin) return;
      if (failure === 'drop-after-create') request.socket.destroy();
      return; // hang: the answer never comes
    }
    if (failure) {
      const headers: Record<string, string> = {};
      if (failure.status === 429) {
        if (failure.retryAfter !== undefined) headers['retry-after'] = failure.retryAfter;
        if (failure.resetHeader !== undefined) headers['x-ratelimit-reset'] = failure.resetHeader;
      }
      const code = 'code' in failure && failure.code !== undefined ? failure.code : failure.status;
      return json(response, failure.status, { code, message: failure.message ?? `Fake Pinterest error ${failure.status}.` }, headers);
    }

    if (route === 'boards') return json(response, 200, page(fake.boards.map((board) => ({ id: board.id, name: board.name, privacy: board.privacy ?? 'PUBLIC' })), url));
    if (route === 'board-pins') {
      const boardId = decodeURIComponent(boardPins![1]!);
      if (!fake.boards.some((board) => board.id === boardId)) return json(response, 404, { code: 404, message: 'Board not found.' });
      const newestFirst = fake.pins.filter((pin) => pin.board_id === boardId).reverse();
      return json(response, 200, page(newestFirst, url));
    }
    const pin = createPin(body as Record<string, unknown>, response);
    if (pin) json(response, 201, { ...pin, media: { media_type: 'image' } });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * A tiny SMTP receiver on node:net (shared by the contact form and link health digest tests), so e-mail that leaves through the
 * real nodemailer transport is checked line by line, without any network beyond localhost.
 */
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  headers: Map<string, string[]>;
  body: string;
}

/** Enough of SMTP (RFC 5321) for nodemailer: EHLO, MAIL, RCPT, DATA with dot-unstuffing, RSET, NOOP, QUIT. */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  /** Runs when a message's data is complete, before the receiver answers 250. */
  beforeAccept: (() => Promise<void>) | undefined;
  #server: Server;
  #sockets = new Set<Socket>();

  constructor() {
    this.#server = createServer((socket) => this.#session(socket));
  }

  async start(): Promise<number> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    return (this.#server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #session(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | undefined;
    let envelope = { mailFrom: '', rcptTo: [] as string[] };
    let queue = Promise.resolve();
    const reply = (line: string) => socket.write(`${line}\r\n`);

    const handle = async (line: string) => {
      if (data) {
        if (line !== '.') {
          data.push(line.startsWith('..') ? line.slice(1) : line);
          return;
        }
        this.mails.push({ ...envelope, ...parseMessage(data) });
        data = undefined;
        envelope = { mailFrom: '', rcptTo: [] };
        await this.beforeAccept?.();
        reply('250 2.0.0 Queued');
        return;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO' || command === 'HELO') reply('250 localhost');
      else if (command === 'MAIL') {
        envelope.mailFrom = /<([^>]*)>/.exec(line)?.[1] ?? '';
        reply('250 2.1.0 OK');
      } else if (command === 'RCPT') {
        envelope.rcptTo.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 OK');
      } else if (command === 'DATA') {
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (command === 'RSET' || command === 'NOOP') reply('250 OK');
      else if (command === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('502 5.5.2 Not implemented');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        queue = queue.then(() => handle(line));
      }
    });
    reply('220 localhost test SMTP');
  }
}

function parseMessage(lines: string[]): Pick<ReceivedMail, 'headers' | 'body'> {
  const blank = lines.indexOf('');
  const headerLines = lines.slice(0, blank);
  const headers = new Map<string, string[]>();
  let last: [string, string] | undefined;
  const flush = () => {
    if (!last) return;
    const [name, value] = last;
    headers.set(name, [...(headers.get(name) ?? []), value]);
  };
  for (const line of headerLines) {
    if (/^[ \t]/.test(line) && last) last[1] += ` ${line.trim()}`;
    else {
      flush();
      const colon = line.indexOf(':');
      last = [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }
  }
  flush();
  return { headers, body: lines.slice(blank + 1).join('\n') };
}

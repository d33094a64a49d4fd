import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createConnection, type Socket } from 'node:net';

/**
 * A test-only stand-in for Upstash: speaks Upstash's REST protocol (what
 * @upstash/redis sends) in front of a real redis-server, so the unmodified
 * client and @upstash/ratelimit run against real Redis semantics. See
 * shared/stack-notes.md, "Redis and Upstash".
 *
 *   POST /            body ["SET","k","v"]          -> { result } | { error }
 *   POST /pipeline    body [["GET","a"],["GET","b"]] -> [{ result } | { error }, ...]
 *   POST /multi-exec  same body, run in MULTI/EXEC  -> [{ result } | { error }, ...]
 */
export interface UpstashBridge {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------
// A minimal RESP2 client over node:net. Written by hand because no RESP
// client package is installed and this is test-only code.

class RedisReplyError extends Error {
  override name = 'RedisReplyError';
}

/** A RESP reply: status strings as string, bulk strings as Buffer. */
type Reply = string | Buffer | number | null | RedisReplyError | Reply[];

const crlf = Buffer.from('\r\n');

function encodeCommand(args: readonly string[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.from(arg, 'utf8');
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, crlf);
  }
  return Buffer.concat(parts);
}

/** Parses one reply at `offset`; undefined when the buffer holds only part of it. */
function parseReply(buffer: Buffer, offset: number): { reply: Reply; next: number } | undefined {
  const lineEnd = buffer.indexOf(crlf, offset);
  if (lineEnd === -1) return undefined;
  const type = String.fromCharCode(buffer[offset]!);
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  const afterLine = lineEnd + 2;
  switch (type) {
    case '+':
      return { reply: line, next: afterLine };
    case '-':
      return { reply: new RedisReplyError(line), next: afterLine };
    case ':':
      return { reply: Number(line), next: afterLine };
    case '$': {
      const length = Number(line);
      if (length < 0) return { reply: null, next: afterLine };
      if (buffer.length < afterLine + length + 2) return undefined;
      return { reply: buffer.subarray(afterLine, afterLine + length), next: afterLine + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { reply: null, next: afterLine };
      const items: Reply[] = [];
      let next = afterLine;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, next);
        if (item === undefined) return undefined;
        items.push(item.reply);
        next = item.next;
      }
      return { reply: items, next };
    }
    default:
      throw new Error(`unexpected RESP type byte ${JSON.stringify(type)}`);
  }
}

interface Waiter {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/** One socket with its own reply queue, so a dead socket fails only its own callers. */
interface Link {
  socket: Socket;
  pending: Waiter[];
  buffer: Buffer;
  open: boolean;
}

/**
 * One pipelined connection: replies arrive in command order, so callers
 * wait in a FIFO queue. Reconnects lazily after Redis went away.
 */
class RespConnection {
  private link: Promise<Link> | undefined;

  constructor(private readonly port: number) {}

  /** Sends commands in one write, so no other caller's command lands between them. */
  async send(commands: readonly (readonly string[])[]): Promise<Reply[]> {
    const link = await this.connect();
    const replies = commands.map(
      (): Promise<Reply> => new Promise((resolve, reject) => link.pending.push({ resolve, reject })),
    );
    link.socket.write(Buffer.concat(commands.map(encodeCommand)));
    return Promise.all(replies);
  }

  close(): void {
    void this.link?.then((link) => link.socket.destroy(), () => undefined);
  }

  private connect(): Promise<Link> {
    this.link ??= new Promise<Link>((resolve, reject) => {
      const socket = createConnection({ port: this.port, host: '127.0.0.1' });
      const link: Link = { socket, pending: [], buffer: Buffer.alloc(0), open: true };
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(link));
      socket.on('data', (chunk: Buffer) => receive(link, chunk));
      const fail = (error: Error) => {
        if (!link.open) return;
        link.open = false;
        this.link = undefined; // the next command reconnects
        reject(error);
        for (const waiter of link.pending.splice(0)) waiter.reject(error);
        socket.destroy();
      };
      socket.on('error', fail);
      socket.on('close', () => fail(new Error('connection to Redis closed')));
    });
    return this.link;
  }
}

function receive(link: Link, chunk: Buffer): void {
  link.buffer = link.buffer.length === 0 ? chunk : Buffer.concat([link.buffer, chunk]);
  let offset = 0;
  for (;;) {
    const parsed = offset < link.buffer.length ? parseReply(link.buffer, offset) : undefined;
    if (parsed === undefined) break;
    offset = parsed.next;
    link.pending.shift()?.resolve(parsed.reply);
  }
  link.buffer = link.buffer.subarray(offset);
}

// ---------------------------------------------------------------------------
// Lua scripts. @upstash/ratelimit >= 2.1 starts its scripts with
// `#!lua flags=allow-key-locking`, which Redis 7 rejects. The bridge strips
// that line and remembers which stripped script each original hash (the one
// the client computed and sends with EVALSHA) stands for.

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

function stripShebang(script: string): string {
  return script.startsWith('#!') ? script.slice(script.indexOf('\n') + 1) : script;
}

class ScriptMap {
  private readonly strippedSha = new Map<string, string>();

  /** Rewrites EVAL / EVALSHA / SCRIPT LOAD so Redis 7 accepts them. */
  rewrite(command: string[]): string[] {
    const name = command[0]?.toUpperCase();
    if ((name === 'EVAL' || name === 'EVAL_RO') && command[1] !== undefined) {
      return [command[0]!, this.remember(command[1]), ...command.slice(2)];
    }
    if ((name === 'EVALSHA' || name === 'EVALSHA_RO') && command[1] !== undefined) {
      // An unknown hash is passed on unchanged: Redis answers NOSCRIPT and
      // the client falls back to EVAL (also after a Redis restart).
      const sha = command[1].toLowerCase();
      return [command[0]!, this.strippedSha.get(sha) ?? sha, ...command.slice(2)];
    }
    if (name === 'SCRIPT' && command[1]?.toUpperCase() === 'LOAD' && command[2] !== undefined) {
      return [command[0]!, command[1], this.remember(command[2])];
    }
    return command;
  }

  /** SCRIPT LOAD answers with the hash the client will use: the original's. */
  answer(command: string[], reply: Reply): Reply {
    const isLoad = command[0]?.toUpperCase() === 'SCRIPT' && command[1]?.toUpperCase() === 'LOAD';
    return isLoad && command[2] !== undefined && !(reply instanceof RedisReplyError) ? sha1(command[2]) : reply;
  }

  private remember(script: string): string {
    const stripped = stripShebang(script);
    this.strippedSha.set(sha1(script), sha1(stripped));
    return stripped;
  }
}

// ---------------------------------------------------------------------------
// Upstash's JSON encoding of replies.

type Json = string | number | null | Json[];

/**
 * With `Upstash-Encoding: base64` the client base64-decodes every string
 * except "OK" (arrays recursively, numbers as they are), so strings go out
 * base64-encoded; the status reply "OK" goes out as it is.
 */
function toJson(reply: Reply, base64: boolean): Json {
  if (reply === null || typeof reply === 'number') return reply;
  if (Array.isArray(reply)) return reply.map((item) => toJson(item, base64));
  if (reply instanceof RedisReplyError) return reply.message;
  if (typeof reply === 'string') {
    return base64 && reply !== 'OK' ? Buffer.from(reply, 'utf8').toString('base64') : reply;
  }
  return base64 ? reply.toString('base64') : reply.toString('utf8');
}

function entry(reply: Reply, base64: boolean): { result: Json } | { error: string } {
  return reply instanceof RedisReplyError ? { error: reply.message } : { result: toJson(reply, base64) };
}

type CommandArg = string | number | boolean | null;

function parseCommand(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const args: string[] = [];
  for (const arg of value as unknown[]) {
    if (arg !== null && !['string', 'number', 'boolean'].includes(typeof arg)) return undefined;
    args.push(arg === null ? '' : String(arg as CommandArg));
  }
  return args;
}

// ---------------------------------------------------------------------------

export async function startUpstashBridge(options: { redisPort: number; token: string }): Promise<UpstashBridge> {
  const redis = new RespConnection(options.redisPort);
  const scripts = new ScriptMap();

  async function handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (req.method !== 'POST') return { status: 405, body: { error: 'only POST is supported' } };
    if (req.headers.authorization !== `Bearer ${options.token}`) {
      return { status: 401, body: { error: 'Unauthorized' } };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return { status: 400, body: { error: 'ERR failed to parse command' } };
    }
    const base64 = req.headers['upstash-encoding'] === 'base64';
    const path = new URL(req.url ?? '/', 'http://bridge').pathname;

    if (path === '/') {
      const command = parseCommand(payload);
      if (command === undefined) return { status: 400, body: { error: 'ERR failed to parse command' } };
      const [reply] = await redis.send([scripts.rewrite(command)]);
      const answer = scripts.answer(command, reply!);
      // Upstash answers a failed command with 400 and { error }.
      return { status: answer instanceof RedisReplyError ? 400 : 200, body: entry(answer, base64) };
    }

    if (path === '/pipeline' || path === '/multi-exec') {
      const commands = Array.isArray(payload) ? payload.map(parseCommand) : [];
      if (commands.length === 0 || commands.some((command) => command === undefined)) {
        return { status: 400, body: { error: 'ERR failed to parse pipeline request' } };
      }
      const valid = commands as string[][];
      const rewritten = valid.map((command) => scripts.rewrite(command));
      if (path === '/pipeline') {
        const replies = await redis.send(rewritten);
        return { status: 200, body: replies.map((reply, i) => entry(scripts.answer(valid[i]!, reply), base64)) };
      }
      // One write of MULTI ... EXEC keeps other callers' commands out of the
      // transaction; the replies are +OK, +QUEUED per command, then EXEC's.
      const replies = await redis.send([['MULTI'], ...rewritten, ['EXEC']]);
      const exec = replies[replies.length - 1]!;
      if (!Array.isArray(exec)) {
        const error = exec instanceof RedisReplyError ? exec.message : 'ERR transaction aborted';
        return { status: 400, body: { error } };
      }
      return { status: 200, body: exec.map((reply, i) => entry(scripts.answer(valid[i]!, reply), base64)) };
    }

    return { status: 404, body: { error: 'not found' } };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    handle(req)
      .catch((error: unknown) => ({
        // Redis unreachable: answer like a failing Upstash, a 5xx with { error }.
        status: 503,
        body: { error: `Service Unavailable: ${error instanceof Error ? error.message : String(error)}` },
      }))
      .then(({ status, body }) => {
        if (res.destroyed) return; // the client gave up (timeout)
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('bridge has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    token: options.token,
    async close() {
      server.closeAllConnections();
      server.close();
      redis.close();
    },
  };
}

// Upstash's REST API in front of a real redis-server, so the service's unmodified Upstash adapter runs against it;
// used by the benchmarks and, through tests/helpers/upstash-bridge.ts, by the tests.
//
//   POST /            body ["SET","k","v"]           -> { result } | { error }
//   POST /pipeline    body [["GET","a"],["GET","b"]] -> [{ result } | { error }, ...]
//   POST /multi-exec  same body, run in MULTI/EXEC   -> [{ result } | { error }, ...]
//
// Bench-only: GET /__bench/stats answers { requests } served since start, so the runner can check the service
// really went through Redis.
//
// As a program: node scripts/bench/upstash-bridge.mjs --redis-port <port> --token <token>
// prints one JSON line { "url": ... } when listening and runs until SIGTERM/SIGINT.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';

class RedisReplyError extends Error {
  name = 'RedisReplyError';
}

const crlf = Buffer.from('\r\n');

function encodeCommand(args) {
  const parts = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.from(arg, 'utf8');
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, crlf);
  }
  return Buffer.concat(parts);
}

/** Parses one RESP2 reply at `offset`; undefined when the buffer holds only part of it. */
function parseReply(buffer, offset) {
  const lineEnd = buffer.indexOf(crlf, offset);
  if (lineEnd === -1) return undefined;
  const type = String.fromCharCode(buffer[offset]);
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
      const items = [];
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

function receive(link, chunk) {
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

/** One pipelined connection; replies arrive in command order. Reconnects lazily. */
class RespConnection {
  link;
  constructor(port) {
    this.port = port;
  }

  /** Sends commands in one write, so no other caller's command lands between them. */
  async send(commands) {
    const link = await this.connect();
    const replies = commands.map(() => new Promise((resolve, reject) => link.pending.push({ resolve, reject })));
    link.socket.write(Buffer.concat(commands.map(encodeCommand)));
    return Promise.all(replies);
  }

  close() {
    void this.link?.then((link) => link.socket.destroy(), () => undefined);
  }

  connect() {
    this.link ??= new Promise((resolve, reject) => {
      const socket = createConnection({ port: this.port, host: '127.0.0.1' });
      const link = { socket, pending: [], buffer: Buffer.alloc(0), open: true };
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(link));
      socket.on('data', (chunk) => receive(link, chunk));
      const fail = (error) => {
        if (!link.open) return;
        link.open = false;
        this.link = undefined;
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

// @upstash/ratelimit >= 2.1 starts its Lua scripts with `#!lua flags=allow-key-locking`, which Redis 7 rejects:
// strip that line and map the client's EVALSHA hashes (of the original) to the stripped one.
const sha1 = (text) => createHash('sha1').update(text).digest('hex');
const stripShebang = (script) => (script.startsWith('#!') ? script.slice(script.indexOf('\n') + 1) : script);

class ScriptMap {
  strippedSha = new Map();

  rewrite(command) {
    const name = command[0]?.toUpperCase();
    if ((name === 'EVAL' || name === 'EVAL_RO') && command[1] !== undefined) {
      return [command[0], this.remember(command[1]), ...command.slice(2)];
    }
    if ((name === 'EVALSHA' || name === 'EVALSHA_RO') && command[1] !== undefined) {
      // Unknown hash: Redis answers NOSCRIPT and the client falls back to EVAL.
      const sha = command[1].toLowerCase();
      return [command[0], this.strippedSha.get(sha) ?? sha, ...command.slice(2)];
    }
    if (name === 'SCRIPT' && command[1]?.toUpperCase() === 'LOAD' && command[2] !== undefined) {
      return [command[0], command[1], this.remember(command[2])];
    }
    return command;
  }

  /** SCRIPT LOAD answers with the hash the client will use: the original's. */
  answer(command, reply) {
    const isLoad = command[0]?.toUpperCase() === 'SCRIPT' && command[1]?.toUpperCase() === 'LOAD';
    return isLoad && command[2] !== undefined && !(reply instanceof RedisReplyError) ? sha1(command[2]) : reply;
  }

  remember(script) {
    const stripped = stripShebang(script);
    this.strippedSha.set(sha1(script), sha1(stripped));
    return stripped;
  }
}

/** With `Upstash-Encoding: base64`, strings go out base64-encoded, except the status "OK". */
function toJson(reply, base64) {
  if (reply === null || typeof reply === 'number') return reply;
  if (Array.isArray(reply)) return reply.map((item) => toJson(item, base64));
  if (reply instanceof RedisReplyError) return reply.message;
  if (typeof reply === 'string') return base64 && reply !== 'OK' ? Buffer.from(reply, 'utf8').toString('base64') : reply;
  return base64 ? reply.toString('base64') : reply.toString('utf8');
}

const entry = (reply, base64) => (reply instanceof RedisReplyError ? { error: reply.message } : { result: toJson(reply, base64) });

function parseCommand(value) {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const args = [];
  for (const arg of value) {
    if (arg !== null && !['string', 'number', 'boolean'].includes(typeof arg)) return undefined;
    args.push(arg === null ? '' : String(arg));
  }
  return args;
}

export async function startUpstashBridge({ redisPort, token }) {
  const redis = new RespConnection(redisPort);
  const scripts = new ScriptMap();
  let served = 0;

  async function handle(req) {
    const path = new URL(req.url ?? '/', 'http://bridge').pathname;
    if (req.method === 'GET' && path === '/__bench/stats') return { status: 200, body: { requests: served } };
    if (req.method !== 'POST') return { status: 405, body: { error: 'only POST is supported' } };
    if (req.headers.authorization !== `Bearer ${token}`) return { status: 401, body: { error: 'Unauthorized' } };
    served += 1;
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    let payload;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return { status: 400, body: { error: 'ERR failed to parse command' } };
    }
    const base64 = req.headers['upstash-encoding'] === 'base64';

    if (path === '/') {
      const command = parseCommand(payload);
      if (command === undefined) return { status: 400, body: { error: 'ERR failed to parse command' } };
      const [reply] = await redis.send([scripts.rewrite(command)]);
      const answer = scripts.answer(command, reply);
      return { status: answer instanceof RedisReplyError ? 400 : 200, body: entry(answer, base64) };
    }

    if (path === '/pipeline' || path === '/multi-exec') {
      const commands = Array.isArray(payload) ? payload.map(parseCommand) : [];
      if (commands.length === 0 || commands.some((command) => command === undefined)) {
        return { status: 400, body: { error: 'ERR failed to parse pipeline request' } };
      }
      const rewritten = commands.map((command) => scripts.rewrite(command));
      if (path === '/pipeline') {
        const replies = await redis.send(rewritten);
        return { status: 200, body: replies.map((reply, i) => entry(scripts.answer(commands[i], reply), base64)) };
      }
      const replies = await redis.send([['MULTI'], ...rewritten, ['EXEC']]);
      const exec = replies[replies.length - 1];
      if (!Array.isArray(exec)) {
        const error = exec instanceof RedisReplyError ? exec.message : 'ERR transaction aborted';
        return { status: 400, body: { error } };
      }
      return { status: 200, body: exec.map((reply, i) => entry(scripts.answer(commands[i], reply), base64)) };
    }

    return { status: 404, body: { error: 'not found' } };
  }

  const server = createServer((req, res) => {
    handle(req)
      .catch((error) => ({
        status: 503,
        body: { error: `Service Unavailable: ${error instanceof Error ? error.message : String(error)}` },
      }))
      .then(({ status, body }) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    async close() {
      server.closeAllConnections();
      server.close();
      redis.close();
    },
  };
}

function argValue(name) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const redisPort = Number(argValue('--redis-port'));
  const token = argValue('--token');
  if (!Number.isInteger(redisPort) || !token) {
    console.error('usage: node scripts/bench/upstash-bridge.mjs --redis-port <port> --token <token>');
    process.exit(2);
  }
  const bridge = await startUpstashBridge({ redisPort, token });
  console.log(JSON.stringify({ url: bridge.url }));
  const stop = async () => {
    await bridge.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

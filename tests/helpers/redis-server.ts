import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway redis-server on loopback for tests of the Upstash adapter
 * (through tests/helpers/upstash-bridge.ts). Test-only.
 */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port: empty, or with what it held when `persistent`. */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open but nothing answers. */
  pause(): void;
  /** Thaws a paused server (SIGCONT). */
  resume(): void;
}

const installHint =
  'redis-server is required for the store tests (Upstash adapter) and was not found on PATH. ' +
  'Install it with `apt-get install -y redis-server` (Debian/Ubuntu) or `brew install redis` (macOS).';

function assertInstalled(): void {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (probe.error === undefined) return;
  // Never skip silently: a missing Redis would hide the adapter's tests.
  if (process.env.CI === 'true') throw new Error(`${installHint} Redis is required in CI.`);
  throw new Error(installHint);
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port assigned');
  return address.port;
}

/** True when a PING on `port` is answered with +PONG within `timeoutMs`. */
function ping(port: number, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString('latin1').startsWith('+PONG')));
  });
}

/**
 * `persistent`: append-only persistence in a directory of its own, as the
 * fault soak's Redis and Upstash keep data across a restart; a stop
 * (SIGTERM) writes it out first. Without it, a restart starts empty.
 */
export async function startRedisServer(options: { persistent?: boolean } = {}): Promise<RedisServer> {
  assertInstalled();
  const port = await freePort();
  const dir = options.persistent ? mkdtempSync(path.join(tmpdir(), 'redis-test-')) : tmpdir();
  const persistence = options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--appendonly', 'no'];
  let child: ChildProcess | undefined;
  let output = '';

  async function start(): Promise<void> {
    if (child !== undefined) return;
    output = '';
    const spawned = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = spawned;
    spawned.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    spawned.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    spawned.once('exit', () => {
      if (child === spawned) child = undefined;
    });
    // A start, not an answer under test: bounded only by what no busy machine takes (the suites' hooks time out sooner).
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child !== spawned) throw new Error(`redis-server exited on start:\n${output}`);
      if (await ping(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    spawned.kill('SIGKILL');
    throw new Error(`redis-server did not answer PING on port ${port} within 60 s:\n${output}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    if (running === undefined) return;
    const exited = once(running, 'exit');
    running.kill('SIGCONT'); // a paused server cannot handle SIGTERM
    running.kill('SIGTERM');
    await exited;
  }

  await start();
  process.once('exit', () => {
    child?.kill('SIGKILL');
    if (options.persistent) rmSync(dir, { recursive: true, force: true });
  });

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}

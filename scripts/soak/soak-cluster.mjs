// The fault soak's deployment on one machine: two `next start` instances of the production build behind the
// round-robin proxy, one redis-server with append-only persistence behind the Upstash REST bridge the tests use, and
// the stub code host. Each part can be broken on command: Redis stopped (SIGSTOP) and resumed, or restarted; an
// instance killed (SIGKILL) and started again on its port; the code host failing or hanging (its `state`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStubCodeHost } from '../bench/stub-code-host.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.mjs';
import { setTimeout as sleep } from 'node:timers/promises';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The service's own variables, removed from the inherited environment so only the soak's apply. */
const serviceVariables = [
  'SITE_URL', 'GITHUB_API_URL', 'GITHUB_RAW_URL', 'GITHUB_TOKEN', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN',
  'KV_REST_API_URL', 'KV_REST_API_TOKEN', 'TRUST_PROXY_HOPS', 'RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_TIMEOUT_MS',
  'STORE_TIMEOUT_MS', 'WEB_BOT_AUTH_PRIVATE_KEY', 'WEB_BOT_AUTH_SIGNATURE_AGENT', 'CURSOR_SECRET', 'VERCEL',
  'VERCEL_PROJECT_PRODUCTION_URL', 'BENCH_ROUTES', 'NODE_OPTIONS', 'PORT', 'HOSTNAME', 'OTEL_EXPORTER_OTLP_ENDPOINT',
  'INSIGHTS_RECORDING', 'INSIGHTS_TOKEN',
];

async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True when a PING on `port` is answered with +PONG. */
function ping(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString('latin1').startsWith('+PONG')));
  });
}

/** Never skipped: a soak without Redis would check nothing of what it is for. */
function requireRedisServer() {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error === undefined) return;
  throw new Error('redis-server is required by the fault soak and was not found on PATH: `apt-get install -y redis-server` (Debian, Ubuntu) or `brew install redis`.');
}

/** redis-server with append-only persistence (fsync every second) in `dir`, on a fixed port across restarts. */
async function startRedis(dir) {
  requireRedisServer();
  const port = await freePort();
  const redis = { port, child: undefined, output: '', pid: undefined };
  redis.start = async () => {
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    redis.child = child;
    redis.pid = child.pid;
    running.set(child, false);
    child.once('exit', () => running.delete(child));
    child.stdout.on('data', (chunk) => (redis.output += chunk));
    child.stderr.on('data', (chunk) => (redis.output += chunk));
    const deadline = Date.now() + 60_000;
    while (!(await ping(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited on start:\n${redis.output.slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer PING within 60 s:\n${redis.output.slice(-2000)}`);
      await sleep(25);
    }
  };
  /** A clean shutdown (SIGTERM): Redis finishes its append-only file first. */
  redis.stop = async () => {
    const child = redis.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  };
  redis.pause = () => redis.child?.kill('SIGSTOP');
  redis.resume = () => redis.child?.kill('SIGCONT');
  await redis.start();
  return redis;
}

/**
 * The Upstash REST bridge (scripts/bench/upstash-bridge.mjs) in a process of its own, as Upstash is a service of its
 * own: the soak's load and bookkeeping never delay Redis's answers.
 */
async function startBridge(redisPort, token) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/bench/upstash-bridge.mjs'), '--redis-port', String(redisPort), '--token', token], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.set(child, false);
  child.once('exit', () => running.delete(child));
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((one) => one.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', () => reject(new Error(`the Upstash bridge exited on start:\n${output}`)));
  });
  return {
    url,
    token,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The origin the build rendered into its pages (next.config.mjs records it as lib/build-origin.ts reads it). */
function builtOrigin(distDir) {
  const file = path.join(repoRoot, distDir, 'required-server-files.json');
  if (!existsSync(file)) return undefined;
  const recorded = JSON.parse(readFileSync(file, 'utf8')).config?.env?.SVC_BUILD_ORIGIN_ENV;
  const env = recorded ? JSON.parse(recorded) : {};
  if (env.SITE_URL) return env.SITE_URL.replace(/\/+$/, '');
  return env.VERCEL_PROJECT_PRODUCTION_URL ? `https://${env.VERCEL_PROJECT_PRODUCTION_URL}` : `http://localhost:${env.PORT ?? 3000}`;
}

/**
 * One `next start`, its lives (a kill ends one, a start begins the next) and each life's JSON log lines. The
 * server runs on this process's own Node, in a process group of its own.
 */
function instance(index, port, env) {
  const self = { index, port, lives: [], child: undefined };
  self.current = () => self.lives.at(-1);
  self.start = async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const life = { number: self.lives.length, pid: child.pid, startedAt: performance.now(), readyAt: undefined, listeningAt: undefined, lines: [], text: '', output: [], exited: false };
    self.lives.push(life);
    self.child = child;
    running.set(child, true);
    child.once('exit', () => running.delete(child));
    const take = (chunk) => {
      life.text += chunk;
      let at;
      while ((at = life.text.indexOf('\n')) >= 0) {
        const line = life.text.slice(0, at);
        life.text = life.text.slice(at + 1);
        // Every line, for the soak's log files; bounded: the first 5,000 and the last 15,000 kept.
        life.output.push(line);
        if (life.output.length > 20_000) life.output.splice(5_000, 1);
        if (line.startsWith('{')) {
          try {
            life.lines.push(JSON.parse(line));
          } catch {
            // not one of the site's log lines
          }
        } else if (/Ready in|started server/i.test(line)) life.listeningAt ??= performance.now();
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code, signal) => Object.assign(life, { exited: true, exitedAt: performance.now(), exit: signal ?? code }));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (life.exited) throw new Error(`next start (instance ${index}) exited on start:\n${life.text.slice(-2000)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/llms.txt`);
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`next start (instance ${index}) did not answer within 120 s`);
      await sleep(100);
    }
    life.readyAt = performance.now();
    return life;
  };
  const signal = (name) => {
    try {
      process.kill(-self.child.pid, name);
    } catch {
      // already gone
    }
  };
  // 'close': the process is gone and its output read to the end (its last log lines included).
  const closed = (child) => new Promise((resolve) => (child.exitCode !== null && child.stdout.readableEnded ? resolve() : child.once('close', resolve)));
  self.kill = async () => {
    const child = self.child;
    if (!child || child.exitCode !== null) return;
    const exited = closed(child);
    signal('SIGKILL');
    await exited;
  };
  self.stop = async () => {
    const child = self.child;
    if (!child || child.exitCode !== null) return;
    const exited = closed(child);
    signal('SIGTERM');
    if ((await Promise.race([exited.then(() => 'exited'), sleep(5_000)])) !== 'exited') await self.kill();
  };
  return self;
}

/**
 * Starts every part. `timeouts` are the site's RATE_LIMIT_TIMEOUT_MS and STORE_TIMEOUT_MS (the production defaults
 * unless given); `ratePerMinute` its RATE_LIMIT_PER_MINUTE.
 */
/** Whatever this process started is killed when it exits, however it exits (an instance runs in its own group). */
const running = new Map();
process.on('exit', () => {
  for (const [child, group] of running) {
    try {
      process.kill(group ? -child.pid : child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

export async function startSoakCluster({ instances = 2, ratePerMinute, timeouts = {}, distDir = process.env.NEXT_DIST_DIR ?? '.next' } = {}) {
  if (!existsSync(path.join(repoRoot, distDir, 'BUILD_ID'))) throw new Error(`no production build in ${distDir}: run \`npm run build\` first`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'soak-faults-'));
  const parts = { scratch, instances: [] };
  try {
    parts.redis = await startRedis(scratch);
    parts.bridge = await startBridge(parts.redis.port, 'soak-faults-token');
    parts.codeHost = await startStubCodeHost({ etag: 'soak-faults' });
    const env = { ...process.env };
    for (const name of serviceVariables) delete env[name];
    Object.assign(env, {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: distDir,
      GITHUB_API_URL: parts.codeHost.url,
      GITHUB_RAW_URL: parts.codeHost.url,
      UPSTASH_REDIS_REST_URL: parts.bridge.url,
      UPSTASH_REDIS_REST_TOKEN: parts.bridge.token,
      TRUST_PROXY_HOPS: '1',
      RATE_LIMIT_PER_MINUTE: String(ratePerMinute),
      CURSOR_SECRET: 'fault-soak-cursor-secret',
      ...(timeouts.rateLimitMs ? { RATE_LIMIT_TIMEOUT_MS: String(timeouts.rateLimitMs) } : {}),
      ...(timeouts.storeMs ? { STORE_TIMEOUT_MS: String(timeouts.storeMs) } : {}),
    });
    const origin = builtOrigin(distDir);
    if (origin) env.SITE_URL = origin;
    for (let index = 0; index < instances; index += 1) parts.instances.push(instance(index, await freePort(), env));
    await Promise.all(parts.instances.map((one) => one.start()));
    parts.proxy = await startRoundRobinProxy(parts.instances);
  } catch (error) {
    await stopSoakCluster(parts);
    throw error;
  }
  return parts;
}

export async function stopSoakCluster(parts) {
  await Promise.all(parts.instances.map((one) => one.stop()));
  await parts.proxy?.close();
  await parts.codeHost?.close();
  await parts.bridge?.close();
  await parts.redis?.stop();
  rmSync(parts.scratch, { recursive: true, force: true });
}

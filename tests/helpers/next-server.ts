import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildOrigin, buildOriginVariable } from '@/lib/build-origin';

/**
 * Starts `next start` on a free port over a production build, for the
 * real-server suite and the benchmarks. Builds first when the build
 * directory has no BUILD_ID (so one suite can run on its own).
 */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Files under a directory, counted recursively: a server that writes (an ISR entry, a cached page) raises its build directory's. */
export function fileCount(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    count += statSync(full).isDirectory() ? fileCount(full) : 1;
  }
  return count;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function ensureBuild(distDir = process.env.NEXT_DIST_DIR ?? '.next'): void {
  if (existsSync(path.join(repoRoot, distDir, 'BUILD_ID'))) return;
  // `npm run build` (scripts/build.mjs: link check and search index, `next build` on this Node, the pages prepared).
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('scripts/build.mjs failed');
}

/**
 * The public origin the build in `distDir` rendered into its pages (lib/build-origin.ts),
 * from the configuration the build recorded beside it.
 */
export function builtOrigin(distDir = process.env.NEXT_DIST_DIR ?? '.next'): string | undefined {
  const file = path.join(repoRoot, distDir, 'required-server-files.json');
  if (!existsSync(file)) return undefined;
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as { config?: { env?: Record<string, string> } };
  return buildOrigin(recorded.config?.env?.[buildOriginVariable]);
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Without a SITE_URL in `env` the server answers as the origin its build was
 * made for, as a deployment should (its pages and its documents then name
 * one origin, whatever port it listens on); `SITE_URL: ''` leaves it unset,
 * for the default origin.
 */
export async function startNextServer(env: Record<string, string>, distDir = process.env.NEXT_DIST_DIR ?? '.next'): Promise<RunningServer> {
  const built = builtOrigin(distDir);
  return startNext('start', { ...(built ? { SITE_URL: built } : {}), ...env }, distDir);
}

/** `next dev` on a free port (its output goes to `<distDir>/dev`, beside a production build). */
export async function startNextDev(env: Record<string, string> = {}, distDir = process.env.NEXT_DIST_DIR ?? '.next'): Promise<RunningServer> {
  // NODE_ENV as `npm run dev` has it in a shell (the test runner sets `test`, which Next keeps).
  return startNext('dev', { NODE_ENV: 'development', ...env }, distDir, 180_000);
}

async function startNext(command: 'start' | 'dev', env: Record<string, string>, distDir: string, startupMs = 60_000): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  // The server runs on the test runner's own Node (process.execPath), not whatever `node` is first on PATH.
  const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules/.bin/next'), command, '-p', String(port)], {
    cwd: repoRoot,
    env: { ...process.env, ...env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next ${command} exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/llms.txt`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next ${command} did not answer within ${startupMs / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
    },
  };
}

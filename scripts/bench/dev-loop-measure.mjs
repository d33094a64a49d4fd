// Case (j)'s measurement of one `next dev` on core 0: first page, warm GETs and their CPU, MDX edits, and how soon
// each search door sees an edit.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { coreTimes, describeExit, freePort, hasProcStat, serverCore, SetupError, sleep, spawnPinned, stop } from './processes.mjs';

export const pagePath = '/docs/rooms/appearance';
export const mdxFile = 'content/docs/rooms/appearance.mdx';
/** Text of the page's first paragraph: its content, not only its title, has been rendered. */
const pageText = 'The Appearance room covers the palette';
const edits = 3;
const warmGets = 5;
const startupMs = 300_000;
export const seenMs = 120_000;

const now = () => Number(process.hrtime.bigint()) / 1e6;
/** A marker word no page holds: letters only, so every tokenizer keeps it whole. */
const markerWord = () => `zqdevloop${[...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/** The fields of a /proc stat line after the command's closing parenthesis (utime and stime are [11] and [12]). */
const statFields = (file) => readFileSync(file, 'utf8').split(') ').at(-1).split(' ');

/**
 * CPU jiffies from /proc: `group`, every process of the group with its reaped children; `render`, the main thread of
 * its `next-server` process alone, the one that renders (undefined when there is none).
 */
function groupJiffies(pgid) {
  const ps = spawnSync('ps', ['-o', 'pid=,comm=', '-g', String(pgid)], { encoding: 'utf8' });
  let group = 0;
  let render;
  for (const line of ps.status === 0 ? ps.stdout.split('\n') : []) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    try {
      group += statFields(`/proc/${match[1]}/stat`).slice(11, 15).map(Number).reduce((a, b) => a + b, 0);
      if (match[2].startsWith('next-server')) {
        const thread = statFields(`/proc/${match[1]}/task/${match[1]}/stat`);
        render = Number(thread[11]) + Number(thread[12]);
      }
    } catch {
      // gone meanwhile
    }
  }
  return { group, render };
}

/** Jiffies (USER_HZ, 100 a second on Linux) to milliseconds. */
const jiffyMs = 10;

/**
 * `next dev` leaves a detached telemetry flush running from `dir` (own process group, even with
 * NEXT_TELEMETRY_DISABLED=1) that can outlive the case by minutes: each one is stopped by its id.
 */
function stopTelemetryFlush(dir) {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const script = path.join(dir, 'node_modules/next/dist/telemetry/detached-flush.js');
  for (const line of ps.status === 0 ? ps.stdout.split('\n') : []) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (match && match[2].includes(script)) {
      try {
        process.kill(Number(match[1]), 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

async function getText(url, headers = {}) {
  const response = await fetch(url, { headers, cache: 'no-store', signal: AbortSignal.timeout(startupMs) });
  return { status: response.status, body: await response.text() };
}
const getPage = (base) => getText(base + pagePath, { accept: 'text/html' });

/** Asks `probe` until it answers true or `limitMs` pass; answers the elapsed ms from `since`, or undefined. */
async function until(probe, since, limitMs, record) {
  for (;;) {
    if (record.exited) throw new SetupError(`${record.name} exited.\n${describeExit(record)}`);
    try {
      if (await probe()) return now() - since;
    } catch {
      // not listening yet, or a request cut off while the server restarts a worker
    }
    if (now() - since > limitMs) return undefined;
    await sleep(50);
  }
}

/**
 * One `next dev` in `dir` on core 0: first page, warm GETs, edits, and the search doors (each `{ label, ask(base,
 * word) → Promise<string> }`, whose answer holds the word once the door has seen it).
 */
export async function measureDev({ name, dir, env, doors, editFile = mdxFile }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const file = path.join(dir, editFile);
  const original = readFileSync(file, 'utf8');
  const cpuBefore = coreTimes();
  const started = now();
  const record = spawnPinned(name, serverCore, 'node_modules/.bin/next', ['dev', '-p', String(port)], {
    NODE_ENV: 'development',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    ...env,
  }, { cwd: dir });
  try {
    const hasText = async () => {
      const { status, body } = await getPage(base);
      return status === 200 && body.includes(pageText);
    };
    const firstPageMs = await until(hasText, started, startupMs, record);
    if (firstPageMs === undefined) throw new SetupError(`${name}: ${pagePath} did not answer 200 with its text within ${startupMs / 1000} s.\n${describeExit(record)}`);

    const warmMs = [];
    let page = '';
    // Where the warm GETs' CPU went: the rendering thread, and every process of the server's group (with the
    // per-request static-paths workers Next forks under `next dev`, once they are reaped).
    const cpuAt = () => (hasProcStat ? groupJiffies(record.child.pid) : undefined);
    const warmFrom = cpuAt();
    for (let i = 0; i < warmGets; i += 1) {
      const at = now();
      const { status, body } = await getPage(base);
      if (status !== 200) throw new SetupError(`${name}: warm GET ${pagePath} answered ${status}`);
      warmMs.push(now() - at);
      page = body;
    }
    const warmTo = cpuAt();
    const perGet = (from, to) => (from === undefined || to === undefined ? undefined : ((to - from) * jiffyMs) / warmGets);
    const warmCpu = { renderMs: perGet(warmFrom?.render, warmTo?.render), groupMs: perGet(warmFrom?.group, warmTo?.group) };
    // What the warm GETs rendered: the page's HTML, and its elements (start tags outside its inline scripts).
    const rendered = { kib: Buffer.byteLength(page) / 1024, elements: (page.replace(/<script\b[\s\S]*?<\/script>/g, '').match(/<[a-z][a-z0-9-]*/g) ?? []).length };

    // Every search route compiled (and ours' index loaded) before the edits, so what follows times the edit.
    for (const door of doors) await door.ask(base, 'zqdevloopwarm');

    const editMs = [];
    for (let i = 0; i < edits; i += 1) {
      const word = markerWord();
      appendFileSync(file, `\n\n${word}\n`);
      const at = now();
      const ms = await until(async () => (await getPage(base)).body.includes(word), at, seenMs, record);
      if (ms === undefined) throw new SetupError(`${name}: edit ${i + 1} did not show on ${pagePath} within ${seenMs / 1000} s`);
      editMs.push(ms);
    }

    // Search: one more edit, every door asked in turn until each has found the word (or seenMs pass).
    const word = markerWord();
    appendFileSync(file, `\n\n${word}\n`);
    const at = now();
    const search = Object.fromEntries(doors.map((door) => [door.label, undefined]));
    await until(
      async () => {
        for (const door of doors.filter(({ label }) => search[label] === undefined)) {
          try {
            if ((await door.ask(base, word)).includes(word)) search[door.label] = now() - at;
          } catch {
            // an error page while the route recompiles: asked again
          }
        }
        return Object.values(search).every((ms) => ms !== undefined);
      },
      at,
      seenMs,
      record,
    );
    // Core 0 while it ran: busy share, and the part other processes (not this server's group) took.
    const cpuAfter = coreTimes();
    const core = String(serverCore);
    const elapsed = hasProcStat ? Math.max(1, cpuAfter[core].total - cpuBefore[core].total) : 1;
    const busyPct = hasProcStat ? Math.round((100 * (cpuAfter[core].busy - cpuBefore[core].busy)) / elapsed) : undefined;
    const serverPct = hasProcStat ? Math.round((100 * groupJiffies(record.child.pid).group) / elapsed) : undefined;
    const cpu = { busyPct, otherPct: hasProcStat ? Math.max(0, busyPct - serverPct) : undefined };
    return { firstPageMs, warmMs, warmCpu, rendered, editMs, search, cpu, command: record.command };
  } finally {
    await stop(record);
    stopTelemetryFlush(dir);
    writeFileSync(file, original);
    // BENCH_DEV_LOGS=<dir>: what each dev server printed, for reading its compile times.
    if (process.env.BENCH_DEV_LOGS) {
      mkdirSync(process.env.BENCH_DEV_LOGS, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_DEV_LOGS, `${name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.log`), `${record.command}\n${record.stdout}${record.stderr}`);
    }
  }
}

/** An answer without the query it echoes (`query`), so only what was found can hold the word. */
const found = (json) => JSON.stringify(json, (key, value) => (key === 'query' ? undefined : value));
export const oursDoors = [
  { label: '/v1/search?q=', ask: async (base, word) => found(JSON.parse((await getText(`${base}/v1/search?q=${word}`)).body)) },
  { label: '/api/search (index)', ask: async (base) => (await getText(`${base}/api/search`, { accept: 'application/json' })).body },
];
export const stockDoors = [{ label: '/api/search?query=', ask: async (base, word) => (await getText(`${base}/api/search?query=${word}`)).body }];

#!/usr/bin/env node
// What a phone's main thread does while a page loads: one cold load per target and run under Lighthouse's DevTools
// throttling (scripts/first-paint/measure.mjs, `phone`), traced in Chromium, and each long task (30 ms or more on the
// throttled clock) with what ran inside it: parsing, style, layout, paint, script. Prints each run's first
// contentful and largest paint, its tasks, and the blocking time after the first contentful paint as Lighthouse
// sums it (each task's time past 50 ms). Targets run interleaved; the summary gives medians. Not part of `npm test`;
// scripts/bench/README.md ("A phone's first paint") says what it showed.
//
// `--floor` adds the first target's floor beside it: the same page with the site's headers, then without its
// Cross-Origin-Opener-Policy, without scripts, cut to its first screen, and then without styles, served on loopback
// (scripts/first-paint/floor-pages.mjs). What the last one costs is Chromium's own share on this machine, which no
// change to the page removes. A target named `stock` (stock Fumadocs, given with its own path) adds each median LCP
// as a ratio to stock's.
//
//   node scripts/main-thread.mjs --target name=URL [--target ...] [--runs 3] [--path /docs/rooms/appearance] [--floor]
//
// Needs a running server per target and a Chromium found by scripts/find-chromium.mjs.
import { parseArgs } from 'node:util';
import { floorPages, serveFloorPages } from './first-paint/floor-pages.mjs';
import { launchChromium, phone, throttleAsPhone } from './first-paint/measure.mjs';

const { values } = parseArgs({
  options: {
    target: { type: 'string', multiple: true, default: [] },
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: '/docs/rooms/appearance' },
    floor: { type: 'boolean', default: false },
  },
});
const targets = values.target.map((spec) => {
  const at = spec.indexOf('=');
  if (at < 1) throw new Error(`--target ${spec}: name=URL`);
  // A target given with a path of its own (stock Fumadocs' /docs) loads that page; a bare origin loads --path.
  const base = new URL(spec.slice(at + 1));
  return { name: spec.slice(0, at), url: base.pathname === '/' ? new URL(values.path, base).href : base.href, runs: [] };
});
const runs = Number(values.runs);
if (targets.length === 0 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: node scripts/main-thread.mjs --target name=URL [--target ...] [--runs N] [--path PATH] [--floor]');
  process.exit(1);
}
let floor;
if (values.floor) {
  const site = targets[0].url;
  const answer = await fetch(site, { headers: { accept: 'text/html' } });
  if (!answer.ok) throw new Error(`--floor: ${site} answered ${answer.status}`);
  const pages = floorPages(await answer.text());
  floor = await serveFloorPages(pages, new URL(site).origin, answer.headers);
  for (const { name } of pages) targets.push({ name, url: floor.url(name), runs: [] });
}

/** Trace event names summed per task, as DevTools names them. */
const kinds = { ParseHTML: 'parse', EvaluateScript: 'script', FunctionCall: 'script', UpdateLayoutTree: 'style', Layout: 'layout', Paint: 'paint', PrePaint: 'paint', ParseAuthorStyleSheet: 'css' };
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'].join(',');

/** One cold load, traced: its paints and its main thread's long tasks on the page's clock (0: navigation start). */
async function load(browser, url) {
  const context = await browser.newContext({ viewport: phone.viewport, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttleAsPhone(cdp);
    const events = [];
    cdp.on('Tracing.dataCollected', (batch) => events.push(...batch.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(6000);
    await cdp.send('Tracing.end');
    await complete;
    return readTrace(events);
  } finally {
    await context.close();
  }
}

function readTrace(events) {
  const start = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http')).at(-1).ts;
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith('http'));
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const at = (e) => Math.round((e.ts - start) / 1000);
  const paint = (name) => events.filter((e) => e.name === name && e.pid === parse.pid).map(at);
  const fcp = paint('firstContentfulPaint')[0];
  const lcp = paint('largestContentfulPaint::Candidate').at(-1);
  const tasks = main
    .filter((e) => e.name === 'RunTask' && e.dur >= 30_000)
    .map((task) => {
      const inside = {};
      for (const e of main) {
        if (e === task || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur || !kinds[e.name]) continue;
        inside[kinds[e.name]] = (inside[kinds[e.name]] ?? 0) + e.dur / 1000;
      }
      return { at: at(task), ms: Math.round(task.dur / 1000), inside };
    });
  const blocking = tasks.filter((task) => task.at >= fcp).reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0);
  return { fcp, lcp, blocking, tasks };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const browser = await launchChromium();
try {
  for (let run = 1; run <= runs; run++) {
    for (const target of targets) {
      const result = await load(browser, target.url);
      target.runs.push(result);
      console.log(`== ${target.name} run ${run}: FCP ${result.fcp} ms, LCP ${result.lcp} ms, blocking after FCP ${result.blocking} ms`);
      for (const task of result.tasks) {
        const inside = Object.entries(task.inside).filter(([, ms]) => ms >= 1).map(([kind, ms]) => `${kind} ${Math.round(ms)}`).join(', ');
        console.log(`   ${String(task.at).padStart(5)} ms  ${String(task.ms).padStart(4)} ms  ${inside}`);
      }
    }
  }
  console.log(`\nmedians of ${runs} run(s), ${values.path}:`);
  const stock = targets.find((target) => target.name === 'stock');
  for (const target of targets) {
    const of = (key) => median(target.runs.map((run) => run[key]));
    const longest = median(target.runs.map((run) => Math.max(0, ...run.tasks.filter((task) => task.at >= run.fcp).map((task) => task.ms))));
    const ratio = stock && target !== stock ? `  LCP ÷ stock ${(of('lcp') / median(stock.runs.map((run) => run.lcp))).toFixed(2)}x` : '';
    console.log(`${target.name.padEnd(27)} FCP ${of('fcp')} ms  LCP ${of('lcp')} ms  blocking after FCP ${of('blocking')} ms  longest task after FCP ${longest} ms${ratio}`);
  }
} finally {
  await browser.close();
  await floor?.close();
}

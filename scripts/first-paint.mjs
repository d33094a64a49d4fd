#!/usr/bin/env node
// A phone's first paint, measured in Chromium rather than modelled: each page loads under Lighthouse's DevTools
// throttling figures (562.5 ms per request, 1,474.56 Kbit/s down, CPU 4×, the moto g power's screen), so every
// round trip the page needs before it paints costs what it costs a phone. Per target and run, a visit in a fresh
// browser context: the first page cold (FCP, LCP and the waterfall of its requests), then a second page of the
// same visit by a full navigation (warm HTTP cache: FCP, LCP and what came from the cache). Targets run
// interleaved, run by run, so drift on the machine hits each alike; the table gives the medians. Not part of
// `npm test`; scripts/bench/README.md says how to compare with stock Fumadocs.
//
//   node scripts/first-paint.mjs [--site http://localhost:3000 | --target name=url ...] [--runs 3]
//     [--first /docs/rooms/apps] [--second /docs/rooms/appearance] [--pages name=/first,/second ...]
//     [--baseline stock] [--json out.json] [--no-throttle]
//
// --site URL        a base URL to measure, named by its host (repeatable; default http://localhost:3000)
// --target N=URL    a base URL named N (repeatable, with --site too)
// --first, --second the two pages of each visit (default /docs/rooms/apps, then /docs/rooms/appearance)
// --pages N=/a,/b   target N's own two pages (stock Fumadocs has /docs and /docs/test, not the rooms)
// --runs N          visits per target (default 3); figures are medians
// --baseline N      the target the others' cold LCP is divided by (default: the target named stock, if any)
// --json FILE       every visit (paints, requests) and the medians, as JSON
// --no-throttle     the same loads unthrottled (what the machine itself does)
//
// Needs a running server per target and a Chromium found by scripts/find-chromium.mjs.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchChromium, phone, visit } from './first-paint/measure.mjs';
import { kb, median, medians, ms, table, waterfall } from './first-paint/first-paint-table.mjs';

const usage = 'usage: node scripts/first-paint.mjs [--site URL | --target name=URL ...] [--runs N] [--first PATH] [--second PATH] [--pages name=/a,/b] [--baseline N] [--json FILE] [--no-throttle]';

/** The command line as targets and settings; a wrong argument stops with the usage line. */
function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      site: { type: 'string', multiple: true, default: [] },
      target: { type: 'string', multiple: true, default: [] },
      pages: { type: 'string', multiple: true, default: [] },
      first: { type: 'string', default: '/docs/rooms/apps' },
      second: { type: 'string', default: '/docs/rooms/appearance' },
      runs: { type: 'string', default: '3' },
      baseline: { type: 'string', default: 'stock' },
      json: { type: 'string' },
      'no-throttle': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: a whole number of at least 1`);
  const base = (url) => {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname.replace(/\/$/, '');
  };
  const targets = [
    ...values.site.map((url) => ({ name: new URL(url).host, base: base(url) })),
    ...values.target.map((spec) => {
      const at = spec.indexOf('=');
      if (at < 1) throw new Error(`--target ${spec}: name=URL`);
      return { name: spec.slice(0, at), base: base(spec.slice(at + 1)) };
    }),
  ];
  if (targets.length === 0) targets.push({ name: 'localhost:3000', base: 'http://localhost:3000' });
  const own = new Map(
    values.pages.map((spec) => {
      const [name, list = ''] = spec.split('=');
      const pages = list.split(',');
      if (pages.length !== 2 || !pages.every((page) => page.startsWith('/'))) throw new Error(`--pages ${spec}: name=/first,/second`);
      return [name, pages];
    }),
  );
  for (const name of own.keys()) {
    if (!targets.some((target) => target.name === name)) throw new Error(`--pages ${name}=…: no target named ${name}`);
  }
  if (values.baseline !== 'stock' && !targets.some((target) => target.name === values.baseline)) {
    throw new Error(`--baseline ${values.baseline}: no target of that name`);
  }
  return {
    runs,
    baseline: values.baseline,
    json: values.json,
    throttle: !values['no-throttle'],
    targets: targets.map((target) => {
      const [first, second] = own.get(target.name) ?? [values.first, values.second];
      return { ...target, first, second, visits: /** @type {import('./first-paint/measure.mjs').Visit[]} */ ([]) };
    }),
  };
}

/** The visit whose first-page LCP is the median (the one whose waterfall is shown). */
function medianVisit(visits) {
  const lcp = median(visits.map((one) => one.first.lcp));
  return visits.reduce((best, one) => (Math.abs((one.first.lcp ?? 0) - lcp) < Math.abs((best.first.lcp ?? 0) - lcp) ? one : best));
}

async function main() {
  let settings;
  try {
    settings = options(process.argv.slice(2));
  } catch (error) {
    console.error(`first-paint: ${error.message}\n${usage}`);
    process.exit(2);
  }
  const browser = await launchChromium();
  const version = browser.version();
  const conditions = settings.throttle
    ? `DevTools throttling as Lighthouse's: ${phone.latencyMs} ms per request, ${phone.downloadBytesPerSecond} B/s down, ` +
      `${phone.uploadBytesPerSecond} B/s up, CPU ${phone.cpuSlowdown}×`
    : 'no throttling';
  console.log(`== first paint: Chromium ${version}, ${phone.viewport.width}×${phone.viewport.height} at ${phone.deviceScaleFactor}, ${conditions}`);
  try {
    for (let run = 1; run <= settings.runs; run += 1) {
      for (const target of settings.targets) {
        const one = await visit(browser, target.base + target.first, target.base + target.second, { throttle: settings.throttle });
        target.visits.push(one);
        console.log(
          `== ${target.name} run ${run}: ${target.first} FCP ${ms(one.first.fcp)} LCP ${ms(one.first.lcp)}, ` +
            `then ${target.second} FCP ${ms(one.second.fcp)} LCP ${ms(one.second.lcp)}`,
        );
      }
    }
  } finally {
    await browser.close();
  }

  for (const target of settings.targets) {
    const shown = medianVisit(target.visits);
    console.log(`\n== ${target.name}: first visit, ${target.base}${target.first} (cold cache; the run with the median LCP)`);
    console.log(waterfall(shown.first));
    console.log(`\n== ${target.name}: second page of that visit, ${target.base}${target.second} (warm cache, full navigation)`);
    console.log(waterfall(shown.second));
  }
  console.log(`\n${settings.runs} run(s) per target; each figure is the median of the runs. 1st: the first page, cold; 2nd: the second`);
  console.log('page of the same visit. document: its transferred bytes; before FCP: requests done by the first contentful paint.\n');
  console.log(table(settings.targets, settings.baseline));
  if (settings.json) {
    const report = {
      conditions: { throttle: settings.throttle, ...phone },
      browser: version,
      runs: settings.runs,
      targets: settings.targets.map((target) => ({ ...target, medians: medians(target.visits) })),
    };
    writeFileSync(settings.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nreport: ${settings.json} (${kb(JSON.stringify(report).length)})`);
  }
}

await main();

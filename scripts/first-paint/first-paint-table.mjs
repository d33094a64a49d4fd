// The figures of scripts/first-paint.mjs from its visits: each page load summed up, the medians per target, the
// table and a text waterfall of one load. Imported by scripts/first-paint.mjs.

/**
 * @typedef {import('./measure.mjs').PageLoad} PageLoad
 * @typedef {import('./measure.mjs').Visit} Visit
 * @typedef {{ fcp: number | null, lcp: number | null, documentBytes: number, bytesBeforeFcp: number,
 *   requestsBeforeFcp: number, requests: number, bytes: number, cached: number }} Summary
 */

/** The median of the numbers given (nulls left out); the mean of the middle two for an even count. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One page load in figures. Bytes are transferred bytes (CDP's encodedDataLength: headers and compressed body);
 * "before FCP" counts the requests that had finished when the first contentful paint happened.
 * @param {PageLoad} load
 * @returns {Summary}
 */
function summarize(load) {
  const document = load.resources.find((resource) => resource.type === 'Document');
  const done = load.resources.filter((resource) => load.fcp !== null && resource.end !== null && resource.end <= load.fcp);
  return {
    fcp: load.fcp,
    lcp: load.lcp,
    documentBytes: document?.bytes ?? 0,
    bytesBeforeFcp: done.reduce((sum, resource) => sum + resource.bytes, 0),
    requestsBeforeFcp: done.length,
    requests: load.resources.length,
    bytes: load.resources.reduce((sum, resource) => sum + resource.bytes, 0),
    cached: load.resources.filter((resource) => resource.cache !== null).length,
  };
}

/**
 * The median of every figure over a target's visits, first page and second page apart.
 * @param {Visit[]} visits
 */
export function medians(visits) {
  const of = (/** @type {'first' | 'second'} */ which) => {
    const summaries = visits.map((visit) => summarize(visit[which]));
    return /** @type {Summary} */ (
      Object.fromEntries(Object.keys(summaries[0]).map((key) => [key, median(summaries.map((summary) => summary[key]))]))
    );
  };
  return { first: of('first'), second: of('second') };
}

export const ms = (value) => (value === null ? '-' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
export const kb = (bytes) => (bytes === null ? '-' : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${Math.round(bytes)} B`);
const pad = (value, width) => String(value).padEnd(width);
const padStart = (value, width) => String(value).padStart(width);

/**
 * The table: one line per target, each figure the median of its runs; with a baseline target (stock), each
 * target's cold LCP as a ratio to the baseline's.
 * @param {{ name: string, first: string, second: string, visits: Visit[] }[]} targets
 * @param {string} [baseline]
 */
export function table(targets, baseline) {
  const columns = [
    ['target', 16],
    ['1st FCP', 10],
    ['1st LCP', 10],
    ['2nd FCP', 10],
    ['2nd LCP', 10],
    ['document', 10],
    ['before FCP', 18],
    ['2nd cached', 11],
  ];
  const base = targets.find((target) => target.name === baseline);
  const baseLcp = base ? medians(base.visits).first.lcp : null;
  if (base) columns.push([`1st LCP÷${baseline}`, 0]);
  const lines = [columns.map(([title, width]) => pad(title, width)).join('').trimEnd()];
  for (const target of targets) {
    const { first, second } = medians(target.visits);
    const cells = [
      target.name,
      ms(first.fcp),
      ms(first.lcp),
      ms(second.fcp),
      ms(second.lcp),
      kb(first.documentBytes),
      `${kb(first.bytesBeforeFcp)}, ${first.requestsBeforeFcp} req`,
      `${second.cached}/${second.requests}`,
    ];
    if (base) cells.push(baseLcp && first.lcp !== null ? `${(first.lcp / baseLcp).toFixed(2)}×` : '-');
    lines.push(cells.map((cell, i) => pad(cell, columns[i][1])).join('').trimEnd());
  }
  return lines.join('\n');
}

/**
 * A text waterfall of one page load: a line per request by its start, times on the page's clock (0 is the
 * navigation's start), a bar over a common scale with FCP (¦) and LCP (:) marked.
 * @param {PageLoad} load
 */
export function waterfall(load, width = 36) {
  const ends = load.resources.map((resource) => resource.end ?? resource.start);
  const span = Math.max(1, load.lcp ?? 0, load.fcp ?? 0, ...ends);
  const at = (time) => Math.min(width - 1, Math.max(0, Math.floor((time / span) * width)));
  const lines = [];
  for (const resource of load.resources) {
    const bar = Array.from({ length: width }, () => ' ');
    const from = at(resource.start);
    const to = at(resource.end ?? resource.start);
    for (let i = from; i <= to; i += 1) bar[i] = '=';
    for (const [time, mark] of [
      [load.fcp, '¦'],
      [load.lcp, ':'],
    ]) {
      if (time !== null && bar[at(time)] === ' ') bar[at(time)] = mark;
    }
    const cache = resource.cache ? `(${resource.cache})` : resource.failed ? `(${resource.failed})` : '';
    lines.push(
      `${padStart(Math.round(resource.start), 6)} ${padStart(resource.end === null ? '…' : Math.round(resource.end), 6)} ms ` +
        `${padStart(kb(resource.bytes), 9)}  ${pad(resource.type, 11)}${pad(cache, 11)}|${bar.join('')}| ${resource.path}`,
    );
  }
  const summary = summarize(load);
  lines.push(
    `FCP ${ms(load.fcp)} (¦), LCP ${ms(load.lcp)} (:)${load.lcpElement ? ` ${load.lcpElement}` : ''}; ${summary.requests} requests, ` +
      `${kb(summary.bytes)}; done before FCP: ${summary.requestsBeforeFcp} requests, ${kb(summary.bytesBeforeFcp)}` +
      (summary.cached ? `; from cache: ${summary.cached}` : ''),
  );
  return lines.join('\n');
}

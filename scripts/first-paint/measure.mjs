// One visit in Chromium as Lighthouse's DevTools throttling loads a page on a phone: a fresh browser context (its
// own HTTP cache) per visit, the first page cold, then a second page of the same visit by a full navigation (warm
// cache). Each page: its paints (Paint Timing, Largest Contentful Paint) and every request (CDP Network events) on
// the page's clock, where 0 is the navigation's start. Imported by scripts/first-paint.mjs and
// scripts/main-thread.mjs.

import { describeFailure, findChromium } from '../find-chromium.mjs';

/**
 * Lighthouse 12's mobile settings as its DevTools throttling applies them. core/config/constants.js:
 * throttling.mobileSlow4G has requestLatencyMs 150 × 3.75 (DEVTOOLS_RTT_ADJUSTMENT_FACTOR), downloadThroughputKbps
 * 1.6 × 1024 × 0.9 (DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR), uploadThroughputKbps 750 × 0.9, cpuSlowdownMultiplier 4;
 * screenEmulationMetrics.mobile is the moto g power, 412 × 823 at 1.75. core/lib/emulation.js sends the
 * throughputs as bytes per second: Kbit/s × 1024 / 8, floored.
 * https://github.com/GoogleChrome/lighthouse/blob/main/core/config/constants.js
 */
export const phone = {
  latencyMs: 150 * 3.75,
  downloadBytesPerSecond: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadBytesPerSecond: Math.floor((750 * 0.9 * 1024) / 8),
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

/** Lighthouse's mobile user agent (constants.js, userAgents.mobile), with this browser's major version as Lighthouse sets it. */
const userAgent = (major) =>
  `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`;

/**
 * @typedef {{ path: string, type: string, status: number | null, start: number, end: number | null,
 *   bytes: number, cache: string | null, protocol: string | null, failed: string | null }} Resource
 * @typedef {{ url: string, status: number, fp: number | null, fcp: number | null, lcp: number | null,
 *   lcpElement: string | null, resources: Resource[] }} PageLoad
 * @typedef {{ first: PageLoad, second: PageLoad }} Visit
 */

/**
 * Every request the page makes, from the CDP Network domain, kept per request (a redirect ends one and starts
 * another). Times stay in CDP's monotonic seconds until `resources` puts them on the page's clock.
 */
class Recorder {
  constructor(cdp) {
    /** @type {Map<string, any>} */
    this.requests = new Map();
    this.lastActivity = Date.now();
    const entry = (id) => this.requests.get(id);
    const touch = () => (this.lastActivity = Date.now());
    cdp.on('Network.requestWillBeSent', (event) => {
      touch();
      const previous = entry(event.requestId);
      if (previous && event.redirectResponse) {
        // The redirect answered; its hop is a request of its own in the waterfall.
        this.requests.delete(event.requestId);
        this.requests.set(`${event.requestId}#${this.requests.size}`, { ...previous, end: event.timestamp, status: event.redirectResponse.status });
      }
      this.requests.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', start: event.timestamp, end: null, bytes: 0, status: null, cache: null });
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const request = entry(event.requestId);
      if (request) request.cache = 'cache';
    });
    cdp.on('Network.responseReceived', (event) => {
      touch();
      const request = entry(event.requestId);
      if (!request) return;
      const { response } = event;
      request.type = event.type ?? request.type;
      request.status = response.status;
      request.protocol = response.protocol ?? null;
      request.timing = response.timing ?? null;
      if (response.fromDiskCache) request.cache = 'disk';
      else if (response.fromPrefetchCache) request.cache = 'prefetch';
      else if (response.fromServiceWorker) request.cache = 'worker';
    });
    cdp.on('Network.loadingFinished', (event) => {
      touch();
      const request = entry(event.requestId);
      if (!request) return;
      request.end = event.timestamp;
      request.bytes = event.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (event) => {
      touch();
      const request = entry(event.requestId);
      if (!request) return;
      request.end = event.timestamp;
      request.failed = event.canceled ? 'canceled' : event.errorText;
    });
  }

  reset() {
    this.requests.clear();
    this.lastActivity = Date.now();
  }

  /** Resolves once no request has been open or changed for `quietMs` (at most `maxMs`), as Lighthouse waits for quiet. */
  async quiet(quietMs, maxMs) {
    const started = Date.now();
    for (;;) {
      const open = [...this.requests.values()].some((request) => request.end === null);
      if (!open && Date.now() - this.lastActivity >= quietMs) return;
      if (Date.now() - started >= maxMs) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * The requests on the page's clock. Navigation Timing's requestStart and CDP's timing of the document's response
   * (requestTime + sendStart) name the same moment, which gives the offset between the two clocks.
   * @returns {Resource[]}
   */
  resources(origin, documentUrl, navigation) {
    const all = [...this.requests.values()];
    const document = all.find((request) => request.type === 'Document' && request.url === documentUrl) ?? all.find((request) => request.type === 'Document');
    let offset = 0;
    if (document?.timing && navigation?.requestStart > 0) {
      offset = navigation.requestStart - (document.timing.requestTime * 1000 + document.timing.sendStart);
    } else if (document) {
      offset = (navigation?.fetchStart ?? 0) - document.start * 1000;
    }
    const clock = (seconds) => (seconds === null ? null : Math.round((seconds * 1000 + offset) * 10) / 10);
    return all
      .map((request) => ({
        path: displayPath(request.url, origin),
        type: request.type,
        status: request.status,
        start: clock(request.start),
        end: clock(request.end),
        bytes: request.bytes,
        cache: request.cache,
        protocol: request.protocol ?? null,
        failed: request.failed ?? null,
      }))
      .sort((a, b) => a.start - b.start);
  }
}

/** A same-origin URL as its path and query; another origin's whole; a data: URL by its start only. */
function displayPath(url, origin) {
  if (url.startsWith('data:')) return `${url.slice(0, 30)}…`;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
}

/** Runs in the page: its paints and the last LCP candidate, read after the load settled (buffered entries). */
function readPaints() {
  return new Promise((resolve) => {
    const paints = Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]));
    /** @type {any[]} */
    const candidates = [];
    const observer = new PerformanceObserver((list) => candidates.push(...list.getEntries()));
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // Buffered entries arrive in a task after observe(); 200 ms is ample even with the CPU slowed 4×.
    setTimeout(() => {
      observer.disconnect();
      const last = candidates.at(-1);
      const element = last?.element;
      const describe = element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${last.url ? ` ${last.url}` : ''} (${last.size} px²)` : null;
      const navigation = performance.getEntriesByType('navigation')[0];
      resolve({
        fp: paints['first-paint'] ?? null,
        fcp: paints['first-contentful-paint'] ?? null,
        lcp: last ? last.startTime : null,
        lcpElement: describe,
        navigation: navigation ? { requestStart: navigation.requestStart, fetchStart: navigation.fetchStart } : null,
      });
    }, 200);
  });
}

/**
 * One page load in `page`: a full navigation, then the load event, then quiet on the network.
 * @returns {Promise<PageLoad>}
 */
async function load(page, recorder, url, { quietMs, maxQuietMs }) {
  recorder.reset();
  const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  if (!response) throw new Error(`${url}: no answer`);
  if (response.status() >= 400) throw new Error(`${url}: answered ${response.status()}`);
  await recorder.quiet(quietMs, maxQuietMs);
  const paints = await page.evaluate(readPaints);
  const origin = new URL(url).origin;
  return {
    url,
    status: response.status(),
    fp: paints.fp,
    fcp: paints.fcp,
    lcp: paints.lcp,
    lcpElement: paints.lcpElement,
    resources: recorder.resources(origin, page.url(), paints.navigation),
  };
}

/**
 * The Chrome DevTools Protocol's Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate on a page's
 * session, as Lighthouse's devtools throttling method sends them (core/lib/emulation.js).
 * @param {import('playwright-core').CDPSession} cdp
 */
export async function throttleAsPhone(cdp) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phone.latencyMs,
    downloadThroughput: phone.downloadBytesPerSecond,
    uploadThroughput: phone.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
}

/**
 * Chromium as both tools drive it: headless, without its own background traffic. Where there is none, the process
 * stops, saying where it looked (scripts/find-chromium.mjs).
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium() {
  const lookup = findChromium();
  if (!lookup.found) {
    console.error(describeFailure(lookup));
    process.exit(1);
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: lookup.path,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A visit: `firstUrl` in a fresh context (cold cache), then `secondUrl` in the same tab (warm cache).
 * @param {import('playwright-core').Browser} browser
 * @returns {Promise<Visit>}
 */
export async function visit(browser, firstUrl, secondUrl, { throttle = true, quietMs = 1000, maxQuietMs = 15_000 } = {}) {
  const major = browser.version().split('.')[0];
  const context = await browser.newContext({
    viewport: phone.viewport,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgent(major),
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const recorder = new Recorder(cdp);
    await cdp.send('Network.enable');
    if (throttle) await throttleAsPhone(cdp);
    const first = await load(page, recorder, firstUrl, { quietMs, maxQuietMs });
    const second = await load(page, recorder, secondUrl, { quietMs, maxQuietMs });
    return { first, second };
  } finally {
    await context.close();
  }
}

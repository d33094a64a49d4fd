// `npm run insights -- --days 7 --format json|csv`: search insights and page
// feedback from the configured store (UPSTASH_REDIS_REST_* or KV_REST_API_*),
// as /insights.json gives them, for a maintainer's terminal. The report is
// lib/insights/report.ts itself, loaded with Node 24's type stripping (the
// `node` devDependency, first on PATH under npm), so nothing is built.
// Without Redis there is nothing to read: the memory store is a server's own.
// Exit status 2 with a message for a bad argument or no store.
import { register } from 'node:module';
import { parseArgs } from 'node:util';

register('./ts-resolve-hook.mjs', import.meta.url);

const usage = 'usage: npm run insights -- [--days 1|7|30] [--format json|csv]';
let options;
try {
  ({ values: options } = parseArgs({ options: { days: { type: 'string', default: '7' }, format: { type: 'string', default: 'json' } } }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
const days = Number(options.days);
if (![1, 7, 30].includes(days) || !['json', 'csv'].includes(options.format)) {
  console.error(usage);
  process.exit(2);
}

const [{ env, redisCredentials }, { createStore }, { buildReport, reportCsv }, { insightsDoors, utcDay }] = await Promise.all([
  import('../lib/env.ts'),
  import('../lib/store/index.ts'),
  import('../lib/insights/report.ts'),
  import('../lib/insights/insights.ts'),
]);
const configured = env();
if (!redisCredentials(configured)) {
  console.error('No store to read: set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN (or KV_REST_API_URL and KV_REST_API_TOKEN) as the site has them.');
  process.exit(2);
}
const store = createStore(configured, { log: (level, message) => console.error(`[${level}] ${message}`) });
const report = await buildReport(store.insights, { days, today: utcDay(Date.now()), minClients: configured.INSIGHTS_MIN_CLIENTS });
process.stdout.write(options.format === 'csv' ? reportCsv(report, insightsDoors) : `${JSON.stringify(report, null, 2)}\n`);

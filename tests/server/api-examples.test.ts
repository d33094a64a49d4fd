import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import { repoRoot } from '../helpers/next-server';

/**
 * Every example of the API and Agents pages is generated from the service's
 * answer to the command beside it. Here each documented command is read
 * from the built page's markdown twin and sent to `next start` as a reader
 * would send it, and its answer must be the one the page shows
 * (ids and times, which are new for every answer, aside).
 */
const get = client(inject('baseUrl'), '127.0.0.92');
const sections = ['api', 'agents'].map((section) => ({ section, dir: join(repoRoot, 'content', 'docs', section) }));
const pagesWithExamples = sections.flatMap(({ section, dir }) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.mdx') && readFileSync(join(dir, file), 'utf8').includes('<ApiExample'))
    .map((file) => ({ page: `${section}/${file}`, source: readFileSync(join(dir, file), 'utf8'), twin: `/docs/${section}${file === 'index.mdx' ? '' : `/${file.replace(/\.mdx$/, '')}`}.md` })),
);

interface Example {
  page: string;
  command: string;
  shown: Array<{ lang: string; title?: string; body: string }>;
}

async function documentedExamples(): Promise<Example[]> {
  const examples: Example[] = [];
  for (const { page, twin: twinPath } of pagesWithExamples) {
    // The page as built and served: its markdown twin.
    const twin = await get(twinPath);
    expect(twin.status, page).toBe(200);
    let current: Example | undefined;
    for (const match of twin.body.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)) {
      const [lang, meta, body] = [match[1]!, match[2]!, match[3]!.replace(/\n$/, '')];
      if (lang === 'sh' && body.startsWith('curl -sS')) {
        current = { page, command: body.replace(/\\\n\s*/g, ' '), shown: [] };
        examples.push(current);
      } else if (current && (lang === 'http' || /title="\d{3}"/.test(meta))) {
        current.shown.push({ lang, title: /title="(\d{3})"/.exec(meta)?.[1], body });
      }
    }
  }
  return examples;
}

/** The request a documented curl line makes. */
function requestOf(command: string) {
  const url = /"\$BASE([^"]+)"/.exec(command)![1]!;
  const headers: Record<string, string> = {};
  for (const [, name, value] of command.matchAll(/-H '([^:]+): ([^']*)'/g)) headers[name!] = value!;
  const body = /-d '([^']*)'/.exec(command)?.[1];
  const method = /-X ([A-Z]+)/.exec(command)?.[1] ?? (body !== undefined ? 'POST' : 'GET');
  return { url, method, headers, body };
}

/** Fields that differ for every answer: ids (a job's, its URL, /ask's query_id, A2A's message ids), times. */
const volatile = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/"(created_at|completed_at)": "[^"]+"/g, '"$1": "<time>"')
    .replace(/"elapsed_ms": ?\d+/g, '"elapsed_ms": <ms>')
    .replace(/^(Date|ETag): .*$/gm, '$1: <varies>');

const examples = await documentedExamples();

describe('documented examples answer as shown', () => {
  it('finds every <ApiExample /> of the pages, each with its answer shown', () => {
    const elements = pagesWithExamples.map(({ source }) => [...source.matchAll(/<ApiExample /g)].length).reduce((sum, count) => sum + count, 0);
    expect(elements).toBeGreaterThan(20);
    expect(examples.filter((example) => example.shown.length > 0)).toHaveLength(elements);
  });

  const jobs = new Map<string, string>();
  const generated = examples.filter((example) => example.shown.length > 0);
  it.each(generated.map((example) => [`${example.page}: ${example.command.slice(0, 110)}`, example] as const))('%s', async (_name, example) => {
    const request = requestOf(example.command);
    // A job example polls the job made by the example above it, until it is done.
    let url = request.url;
    const shownJob = /\/v1\/jobs\/([0-9a-f-]{36})/.exec(url)?.[1];
    if (shownJob) url = url.replace(shownJob, jobs.get(example.page) ?? shownJob);
    // A replay example shows the answer to the second of two identical requests.
    const replay = example.shown.some((shown) => /^Idempotency-Replayed: true$/m.test(shown.body));
    if (replay) await get(url, { method: request.method, headers: request.headers, body: request.body });
    let res = await get(url, { method: request.method, headers: request.headers, body: request.body });
    // Until the job is done: the test's timeout is the only bound (a busy machine runs it later, not wrongly).
    while (shownJob && res.json<{ status?: string }>().status === 'queued') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await get(url, { method: request.method });
    }
    if (request.method === 'POST' && request.url === '/v1/jobs' && res.status === 202) jobs.set(example.page, res.json<{ id: string }>().id);
    for (const shown of example.shown) {
      if (shown.lang === 'http') {
        const [statusLine, ...headerLines] = shown.body.split('\n');
        expect(statusLine).toMatch(new RegExp(`^HTTP/1.1 ${res.status}\\b`));
        for (const line of headerLines) {
          const [name, ...value] = line.split(': ');
          expect(volatile(`${name}: ${res.headers[name!.toLowerCase()]}`)).toBe(volatile(`${name}: ${value.join(': ')}`));
        }
        continue;
      }
      expect(String(res.status)).toBe(shown.title);
      const answer = /json/.test(res.headers['content-type'] ?? '') ? JSON.stringify(res.json(), null, 2) : res.body.trimEnd();
      expect(volatile(answer)).toBe(volatile(shown.body));
    }
  });
});

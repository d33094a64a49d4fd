import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';

/**
 * Spec "Agent endpoints" over real HTTP: what every page head carries for
 * machines, the links to the resource-discovery catalog and the schema.org
 * objects of /schema.jsonl as JSON-LD (components/structured-data.tsx), and
 * the DNS records on the discovery docs page.
 */
const get = client(inject('baseUrl'), '127.0.0.121');
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('page heads', () => {
  it('a docs page carries the discovery links and the site\'s JSON-LD in its head, and its own TechArticle', async () => {
    const res = await get('/docs/install', { headers: { accept: browserAccept } });
    expect(res.status).toBe(200);
    const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)![1]!;
    expect(head).toMatch(/<link rel="ard" href="\/\.well-known\/ard\.json"/);
    expect(head).toMatch(/<link rel="ai-catalog" href="\/\.well-known\/ai-catalog\.json"/);
    const scripts = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => [JSON.parse(match[1]!)].flat() as Array<Record<string, unknown>>);
    expect(scripts(head).map((object) => object['@type'])).toEqual(expect.arrayContaining(['WebSite', 'SoftwareApplication']));
    const article = scripts(res.body).find((object) => object['@type'] === 'TechArticle');
    expect(article?.headline).toBe('Install');
    expect(String(article?.url)).toMatch(/\/docs\/install$/);
  });

  it('the home page head carries them too', async () => {
    const res = await get('/', { headers: { accept: browserAccept } });
    const head = /<head>([\s\S]*?)<\/head>/.exec(res.body)![1]!;
    expect(head).toContain('rel="ai-catalog"');
    expect(head).toContain('application/ld+json');
  });
});

describe('the discovery docs page', () => {
  it('shows the DNS records generated at build time, as npm run dns-records prints them', async () => {
    const page = await get('/docs/agents/discovery.md');
    expect(page.status).toBe(200);
    const lines = page.body.split('\n').filter((line) => line.includes('._agents.'));
    expect(lines.map((line) => line.split(' ')[0])).toEqual(expect.arrayContaining([expect.stringMatching(/^_index\._agents\./), expect.stringMatching(/^_mcp\._agents\./), expect.stringMatching(/^_a2a\._agents\./)]));
    for (const line of lines) expect(line).toMatch(/ IN SVCB 1 \S+ alpn="[^"]+" port=443 key65400="https:\/\/[^"]+" key65409="[^"]+"$/);
  });
});

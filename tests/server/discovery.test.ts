import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { client, type HttpResult } from '../helpers/http';

/**
 * Discovery (spec "Agent endpoints", "Authentication-related paths") over real HTTP against `next start`: agent mode of /, the agent
 * page, /auth.md, the OAuth refusals, the skills with their digests, the
 * catalogs, structured data, robots.txt, and the one responder's ETag, 304,
 * CORS and HEAD.
 */
const base = inject('baseUrl');
const get = client(base, '127.0.0.120');
const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const varyTokens = (res: HttpResult) => (res.headers.vary ?? '').split(',').map((token) => token.trim().toLowerCase());
const type = (res: HttpResult) => (res.headers['content-type'] ?? '').split(';')[0]!.trim();
/** The origin the documents are written for (the deployment's SITE_URL), read from robots.txt's Sitemap line. */
async function siteOrigin(): Promise<string> {
  const robots = await get('/robots.txt');
  return new URL(/^Sitemap: (\S+)$/m.exec(robots.body)![1]!).origin;
}
/** A URL of a document as this test server serves it. */
const local = (url: string, origin: string) => url.replace(origin, '');

describe('agent mode: /index.md, /agent.txt and /', () => {
  it('/index.md and /agent.txt are the same markdown bytes, varying on Accept and User-Agent, never stored', async () => {
    const page = await get('/index.md');
    const text = await get('/agent.txt');
    for (const res of [page, text]) {
      expect(res.status).toBe(200);
      expect(type(res)).toBe('text/markdown');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(varyTokens(res)).toEqual(expect.arrayContaining(['accept', 'user-agent']));
    }
    expect(text.body).toBe(page.body);
    expect(page.body).toMatch(/^# layer\n/);
    expect(page.body).toContain('/layer.sh | sh');
    expect(page.body).toContain('/download/pounce');
    expect(page.body).toContain('/docs/rooms/appearance.md');
    for (const entry of ['/v1', '/openapi.json', '/ask', '/mcp', '/a2a', '/llms.txt']) expect(page.body).toContain(`${entry}:`);
  });

  it.each([
    ['?mode=agent with a browser\'s headers', '/?mode=agent', { accept: browserAccept, 'user-agent': browser }],
    ['Accept: text/markdown', '/', { accept: 'text/markdown' }],
    ['Accept preferring markdown by quality', '/', { accept: 'text/html;q=0.4, text/markdown;q=0.8' }],
    ['GPTBot', '/', { 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot' }],
    ['ClaudeBot asking for HTML', '/', { accept: browserAccept, 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' }],
    ['PerplexityBot', '/', { 'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)' }],
  ])('/ answers the agent page: %s', async (_label, url, headers) => {
    const page = await get('/index.md');
    const res = await get(url, { headers });
    expect(res.status).toBe(200);
    expect(type(res)).toBe('text/markdown');
    expect(res.body).toBe(page.body);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(varyTokens(res)).toEqual(expect.arrayContaining(['accept', 'user-agent']));
  });

  it.each([
    ['a browser', { accept: browserAccept, 'user-agent': browser }],
    ['a search crawler', { accept: browserAccept, 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['Accept preferring HTML by quality', { accept: 'text/markdown;q=0.5, text/html' }],
    ['no headers at all', {}],
  ])('/ stays the HTML home page for %s, varying on Accept and User-Agent', async (_label, headers) => {
    const res = await get('/', { headers });
    expect(res.status).toBe(200);
    expect(type(res)).toBe('text/html');
    expect(varyTokens(res)).toEqual(expect.arrayContaining(['accept', 'user-agent']));
  });

  it('another mode is the HTML page; a client that accepts nothing the home page has gets 406', async () => {
    expect(type(await get('/?mode=human', { headers: { accept: browserAccept } }))).toBe('text/html');
    expect((await get('/', { headers: { accept: 'application/json' } })).status).toBe(406);
  });
});

describe('authentication', () => {
  it('/auth.md is the account, as markdown', async () => {
    const res = await get('/auth.md');
    expect(res.status).toBe(200);
    expect(type(res)).toBe('text/markdown');
    expect(res.body).toContain('Anonymous only');
    expect(res.body).toContain('WWW-Authenticate: Bearer resource_metadata="');
    expect(res.body).toContain('web-bot-auth');
    expect(res.body).toContain('The service signs no responses');
  });

  it('RFC 9728: resource is this origin, resource_documentation /auth.md, no authorization servers, no scopes', async () => {
    const origin = await siteOrigin();
    const res = await get('/.well-known/oauth-protected-resource');
    expect(res.status).toBe(200);
    expect(type(res)).toBe('application/json');
    const document = res.json<Record<string, unknown>>();
    expect(document.resource).toBe(origin);
    expect(document.resource_documentation).toBe(`${origin}/auth.md`);
    expect(document.authorization_servers).toEqual([]);
    expect(document.scopes_supported).toEqual([]);
    expect(document.bearer_methods_supported).toEqual([]);
  });

  it('RFC 8414: the issuer is this origin and grants nothing; its endpoints answer the refusals', async () => {
    const origin = await siteOrigin();
    const res = await get('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    const document = res.json<Record<string, unknown>>();
    expect(document.issuer).toBe(origin);
    expect(document.response_types_supported).toEqual([]);
    expect(document.grant_types_supported).toEqual([]);
    expect(document.response_modes_supported).toEqual([]);
    for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'service_documentation']) {
      expect(String(document[field]).startsWith(`${origin}/`), field).toBe(true);
    }
    const jwks = await get(local(String(document.jwks_uri), origin));
    expect(type(jwks)).toBe('application/jwk-set+json');
    expect(jwks.json()).toEqual({ keys: [] });
  });

  it('/oauth/authorize refuses with 400 unauthorized_client and never redirects to the given redirect_uri', async () => {
    const redirect = 'https://attacker.example/callback';
    for (const query of [
      `?response_type=code&client_id=agent&redirect_uri=${encodeURIComponent(redirect)}&state=xyz`,
      `?response_type=token&redirect_uri=${encodeURIComponent(redirect)}`,
      '',
    ]) {
      const res = await get(`/oauth/authorize${query}`, { headers: { accept: browserAccept } });
      expect(res.status, query).toBe(400);
      expect(res.headers.location, query).toBeUndefined();
      expect(res.body).not.toContain(redirect);
      expect(type(res)).toBe('application/json');
      expect(res.json()).toMatchObject({ error: 'unauthorized_client' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('POST /oauth/token answers 400 unsupported_grant_type with Cache-Control: no-store; GET is a 405', async () => {
    for (const body of ['grant_type=client_credentials&client_id=x', 'grant_type=authorization_code&code=abc', undefined]) {
      const res = await get('/oauth/token', { method: 'POST', body, headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {} });
      expect(res.status).toBe(400);
      expect(type(res)).toBe('application/json');
      expect(res.json()).toMatchObject({ error: 'unsupported_grant_type' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.pragma).toBe('no-cache');
    }
    const wrong = await get('/oauth/token');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toContain('POST');
  });
});

describe('skills', () => {
  it('every digest in the index is the SHA-256 of the bytes served at its url', async () => {
    const origin = await siteOrigin();
    const res = await get('/.well-known/agent-skills/index.json');
    expect(res.status).toBe(200);
    expect(type(res)).toBe('application/json');
    const index = res.json<{ $schema: string; skills: Array<{ name: string; type: string; description: string; url: string; digest: string }> }>();
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.map((skill) => skill.name)).toEqual(['svc-docs-search', 'svc-install', 'svc-releases']);
    for (const skill of index.skills) {
      expect(skill.type).toBe('skill-md');
      const document = await new Promise<Buffer>((resolve, reject) => {
        // The raw bytes, not a decoded string.
        import('node:http').then(({ request }) => {
          const req = request(`${base}${local(skill.url, origin)}`, { localAddress: '127.0.0.120', agent: false }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => resolve(Buffer.concat(chunks)));
          });
          req.on('error', reject);
          req.end();
        }, reject);
      });
      expect(`sha256:${createHash('sha256').update(document).digest('hex')}`, skill.name).toBe(skill.digest);
      const text = document.toString('utf8');
      expect(text.startsWith(`---\nname: ${skill.name}\ndescription: `)).toBe(true);
      const served = await get(local(skill.url, origin));
      expect(type(served)).toBe('text/markdown');
    }
  });

  it('a skill that does not exist is a 404', async () => {
    const res = await get('/.well-known/agent-skills/no-such-skill/SKILL.md');
    expect(res.status).toBe(404);
    expect(type(res)).toBe('text/markdown');
  });
});

describe('catalogs', () => {
  it('/.well-known/api-catalog is an RFC 9727 linkset with the profile parameter, and HEAD answers with its Link', async () => {
    const origin = await siteOrigin();
    const res = await get('/.well-known/api-catalog');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const catalog = res.json<{ linkset: Array<Record<string, unknown> & { anchor: string }> }>();
    expect(catalog.linkset.length).toBeGreaterThan(0);
    for (const context of catalog.linkset) {
      expect(new URL(context.anchor).origin).toBe(origin);
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        expect(Array.isArray(targets), relation).toBe(true);
        for (const target of targets as Array<{ href: string }>) expect(() => new URL(target.href)).not.toThrow();
      }
    }
    const hrefs = catalog.linkset.flatMap((context) => Object.values(context).flatMap((value) => (Array.isArray(value) ? value.map((target: { href: string }) => target.href) : [])));
    for (const path of ['/openapi.json', '/mcp', '/llms.txt', '/llms-full.txt']) expect(hrefs).toContain(`${origin}${path}`);
    expect(res.headers.link).toBe(`<${origin}/.well-known/api-catalog>; rel="api-catalog"`);

    const head = await get('/.well-known/api-catalog', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(res.headers['content-type']);
    expect(head.headers.link).toBe(res.headers.link);
    expect(head.headers.etag).toBe(res.headers.etag);
  });

  it('/.well-known/ard.json and /.well-known/ai-catalog.json are the same catalog naming both transports, the spec, the plugin and the skills', async () => {
    const origin = await siteOrigin();
    const ard = await get('/.well-known/ard.json');
    const ai = await get('/.well-known/ai-catalog.json');
    expect(ard.status).toBe(200);
    expect(ard.body).toBe(ai.body);
    expect(ard.headers.etag).toBe(ai.headers.etag);
    const catalog = ai.json<{ specVersion: string; entries: Array<{ identifier: string; url?: string; data?: { url: string } }> }>();
    expect(catalog.specVersion).toBe('1.0');
    const targets = catalog.entries.map((entry) => entry.url ?? entry.data?.url);
    for (const path of ['/.well-known/mcp/server-card.json', '/mcp', '/mcp/docs', '/mcp.json', '/openapi.json']) expect(targets).toContain(`${origin}${path}`);
    // Both MCP transports by URL, in the same shape: an inline `streamable-http` entry each.
    const transports = catalog.entries.filter((entry) => entry.data?.url === `${origin}/mcp` || entry.data?.url === `${origin}/mcp/docs`);
    expect(transports.map((entry) => entry.data)).toEqual([
      { type: 'streamable-http', url: `${origin}/mcp` },
      { type: 'streamable-http', url: `${origin}/mcp/docs` },
    ]);
    expect(Object.keys(transports[0]!).sort()).toEqual(Object.keys(transports[1]!).sort());
    expect(catalog.entries.filter((entry) => entry.identifier.includes(':skill:'))).toHaveLength(3);
  });

  it('robots.txt carries an Agentmap line with the catalog\'s absolute URL', async () => {
    const origin = await siteOrigin();
    const res = await get('/robots.txt');
    expect(res.body.split('\n')).toContain(`Agentmap: ${origin}/.well-known/ai-catalog.json`);
  });
});

describe('structured data', () => {
  it('/schema.jsonl is one schema.org object per line', async () => {
    const res = await get('/schema.jsonl');
    expect(res.status).toBe(200);
    expect(type(res)).toBe('application/jsonl');
    const objects = res.body.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.map((object) => object['@type'])).toEqual(expect.arrayContaining(['WebSite', 'SoftwareApplication', 'TechArticle']));
    expect(objects.filter((object) => object['@type'] === 'SoftwareApplication').map((object) => object.name)).toEqual(['layer', 'Pounce', 'Perch']);
    // One per documentation page: the sitemap lists every page of the docs source.
    const pages = (await get('/sitemap.xml')).body.match(/<loc>[^<]*\/docs(?:\/[^<]*)?<\/loc>/g)!.length;
    expect(objects.filter((object) => object['@type'] === 'TechArticle')).toHaveLength(pages);
  });
});

describe('the one responder: ETag, 304, Cache-Control, CORS, HEAD', () => {
  const documents: Array<[string, string]> = [
    ['/index.md', 'text/markdown'],
    ['/agent.txt', 'text/markdown'],
    ['/auth.md', 'text/markdown'],
    ['/schema.jsonl', 'application/jsonl'],
    ['/.well-known/oauth-protected-resource', 'application/json'],
    ['/.well-known/oauth-authorization-server', 'application/json'],
    ['/.well-known/jwks.json', 'application/jwk-set+json'],
    ['/.well-known/agent-skills/index.json', 'application/json'],
    ['/.well-known/agent-skills/svc-install/SKILL.md', 'text/markdown'],
    ['/.well-known/api-catalog', 'application/linkset+json'],
    ['/.well-known/ard.json', 'application/json'],
    ['/.well-known/ai-catalog.json', 'application/json'],
    // The MCP documents go through the same responder.
    ['/mcp.json', 'application/json'],
    ['/.well-known/mcp.json', 'application/json'],
    ['/.well-known/mcp/server-card.json', 'application/json'],
    ['/mcp/server-card', 'application/json'],
  ];

  it.each(documents)('%s: %s, a strong ETag, 304 on If-None-Match, open CORS, HEAD', async (path, mediaType) => {
    const res = await get(path, { headers: { origin: 'https://agent.example' } });
    expect(res.status).toBe(200);
    expect(type(res)).toBe(mediaType);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(res.headers['cache-control']).toBeTruthy();
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('ETag');

    const again = await get(path, { headers: { 'if-none-match': res.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.headers['cache-control']).toBe(res.headers['cache-control']);

    expect((await get(path, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);

    const head = await get(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(res.headers.etag);

    const preflight = await get(path, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
  });

  it('the JSON documents carry the RateLimit headers; the markdown ones do not count', async () => {
    expect((await get('/.well-known/ai-catalog.json')).headers['ratelimit-limit']).toBeDefined();
    expect((await get('/auth.md')).headers['ratelimit-limit']).toBeUndefined();
  });
});

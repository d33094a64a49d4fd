import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentResponder, strongEtag } from '@/lib/endpoints/document-responder';
import { ifNoneMatchMatches } from '@/lib/http/conditional';
import { findTool, toolDescription } from '@/lib/agents/tools';
import { agentPage } from '@/lib/discovery/agent-page';
import { aiBotOf, aiBots, isAiBot } from '@/lib/discovery/ai-bots';
import { apiCatalog, apiCatalogContentType, apiCatalogSchema } from '@/lib/discovery/api-catalog';
import { authAccount } from '@/lib/discovery/auth-account';
import { agentDnsRecords, agentDnsZone, DnsDomainError } from '@/lib/discovery/dns-records';
import {
  authorizationServerMetadata,
  authorizationServerMetadataSchema,
  authorizeRefusal,
  bearerChallenge,
  protectedResourceMetadata,
  protectedResourceMetadataSchema,
  tokenRefusal,
  unauthorizedResponse,
} from '@/lib/discovery/oauth-refusals';
import { resourceCatalog, resourceCatalogSchema } from '@/lib/discovery/resource-catalog';
import { buildSkills, sha256Digest, skillPlan, skillsIndexSchema, type SkillSource } from '@/lib/discovery/skills';
import { jsonLdScriptText, structuredDataLines } from '@/lib/discovery/structured-data';
import { negotiatePage } from '@/lib/http/page-negotiation';
import { a2a, discovery, mcp } from '@/lib/routes';
import { candidates as dnspythonCandidates, findDnspython } from '../../scripts/find-dnspython.mjs';
import { alpnIds, parseSvcbLine } from '../helpers/svcb';

const origin = 'https://layer.example';
const root = path.resolve(import.meta.dirname, '../..');

describe('AI bots (agent mode of /)', () => {
  it.each([
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot', 'GPTBot'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', 'ChatGPT-User'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot', 'OAI-SearchBot'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 'ClaudeBot'],
    ['Claude-User/1.0 (+https://www.anthropic.com)', 'Claude-User'],
    ['anthropic-ai', 'anthropic-ai'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', 'PerplexityBot'],
    ['Google-Extended', 'Google-Extended'],
    ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'CCBot'],
    ['Applebot-Extended/0.1', 'Applebot-Extended'],
    ['mozilla/5.0 (compatible; gptbot/1.0)', 'GPTBot'],
  ])('%s → %s', (userAgent, token) => {
    expect(aiBotOf(userAgent)?.token).toBe(token);
  });

  it('matches every listed token as a word of a User-Agent', () => {
    for (const bot of aiBots) expect(aiBotOf(`Mozilla/5.0 (compatible; ${bot.token}/1.0; +https://bot.example)`)?.token, bot.token).toBe(bot.token);
    expect(new Set(aiBots.map((bot) => bot.token.toLowerCase())).size).toBe(aiBots.length);
  });

  it.each([
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)',
    'curl/8.7.1',
    'NotGPTBot/1.0',
    'ClaudeBotany/1.0',
    '',
  ])('%s is not an AI bot', (userAgent) => {
    expect(isAiBot(userAgent)).toBe(false);
  });

  it('treats a missing User-Agent as a browser', () => {
    expect(isAiBot(null)).toBe(false);
    expect(isAiBot(undefined)).toBe(false);
  });
});

describe('agent mode of / (page negotiation)', () => {
  it.each([
    ['text/markdown', 'rewrite'],
    ['text/markdown, text/html;q=0.5', 'rewrite'],
    ['text/html;q=0.4, text/markdown;q=0.8', 'rewrite'],
    ['text/html', 'pass'],
    ['text/markdown;q=0.5, text/html', 'pass'],
    ['*/*', 'pass'],
    [null, 'pass'],
    ['application/json', 'respond'],
  ])('Accept %s → %s', (accept, kind) => {
    const decision = negotiatePage('/', accept);
    expect(decision.kind).toBe(kind);
    if (decision.kind === 'rewrite') expect(decision.to).toBe(discovery.agentPage);
  });

  it('agent mode answers the agent page whatever Accept says', () => {
    for (const accept of ['text/html', 'application/json', null]) {
      const decision = negotiatePage('/', accept, { agentMode: true });
      expect(decision).toMatchObject({ kind: 'rewrite', to: discovery.agentPage });
    }
  });

  it('agent mode is the home page\'s only: a docs page keeps its own twin', () => {
    expect(negotiatePage('/docs/install', 'text/html', { agentMode: true }).kind).toBe('pass');
  });
});

describe('OAuth refusals', () => {
  it('RFC 9728: resource is the origin, documentation /auth.md, no authorization servers, scopes or bearer methods', () => {
    const document = protectedResourceMetadataSchema.parse(protectedResourceMetadata(origin));
    expect(document.resource).toBe(origin);
    expect(document.resource_documentation).toBe(`${origin}${discovery.auth}`);
    expect(document.authorization_servers).toEqual([]);
    expect(document.scopes_supported).toEqual([]);
    expect(document.bearer_methods_supported).toEqual([]);
  });

  it('RFC 8414: issuer is the origin, the required response_types_supported is present and empty, defaults are overridden', () => {
    const document = authorizationServerMetadataSchema.parse(authorizationServerMetadata(origin));
    expect(document.issuer).toBe(origin);
    expect(document.response_types_supported).toEqual([]);
    expect(document.grant_types_supported).toEqual([]);
    expect(document.response_modes_supported).toEqual([]);
    expect(document.authorization_endpoint).toBe(`${origin}${discovery.authorize}`);
    expect(document.token_endpoint).toBe(`${origin}${discovery.token}`);
    expect(document.jwks_uri).toBe(`${origin}${discovery.jwks}`);
    expect(document).not.toHaveProperty('registration_endpoint');
  });

  it('the refusals are RFC 6749 errors with status 400', () => {
    expect(authorizeRefusal(origin)).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
    expect(tokenRefusal(origin)).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });
});

describe('the 401 of an endpoint that would need credentials (unused today)', () => {
  it('names the protected-resource metadata in WWW-Authenticate (RFC 6750 §3, RFC 9728 §5.1)', async () => {
    const response = unauthorizedResponse(origin, 'A token is required.');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource"`);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ status: 401, code: 'unauthorized', detail: 'A token is required.', type: discovery.auth });
  });

  it('adds error and error_description as quoted strings, escaping quotes and backslashes', () => {
    expect(bearerChallenge(origin, { error: 'invalid_token', description: 'the "token" \\ expired' })).toBe(
      `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource", error="invalid_token", error_description="the \\"token\\" \\\\ expired"`,
    );
  });

  it('is the challenge /auth.md shows', () => {
    expect(authAccount(origin)).toContain(`WWW-Authenticate: ${bearerChallenge(origin)}`);
  });
});

describe('skills', () => {
  // The real tool table, as lib/endpoints/handlers/discovery-handlers.ts hands it over.
  const sources: SkillSource[] = skillPlan.map((plan) => ({
    name: plan.name,
    tool: toolDescription(findTool(plan.tool)!),
    rest: { method: 'GET', path: `/v1/${plan.name}`, summary: 'A call', example: `/v1/${plan.name}?x=1` },
  }));
  const built = buildSkills(sources, origin);

  it('the index has the three skills in the Agent Skills 0.2.0 shape', () => {
    const index = skillsIndexSchema.parse(built.index);
    expect(index.skills.map((skill) => skill.name)).toEqual(['svc-docs-search', 'svc-install', 'svc-releases']);
    for (const skill of index.skills) {
      expect(skill.type).toBe('skill-md');
      expect(skill.url).toBe(`${origin}/.well-known/agent-skills/${skill.name}/SKILL.md`);
    }
  });

  it('each digest is the SHA-256 of exactly the document served', () => {
    for (const skill of built.index.skills) {
      const document = built.documents.get(skill.name as never)!;
      expect(skill.digest).toBe(`sha256:${createHash('sha256').update(Buffer.from(document, 'utf8')).digest('hex')}`);
      expect(skill.digest).toBe(sha256Digest(document));
    }
  });

  it('each SKILL.md opens with front matter naming it, then teaches the tool and the REST call', () => {
    for (const [name, document] of built.documents) {
      const front = /^---\nname: (.+)\ndescription: (.+)\n---\n/.exec(document);
      expect(front, name).not.toBeNull();
      expect(front![1]).toBe(name);
      expect(JSON.parse(front![2]!)).toBe(built.index.skills.find((skill) => skill.name === name)!.description);
      const plan = skillPlan.find((entry) => entry.name === name)!;
      expect(document).toContain(`\`${plan.tool}\``);
      expect(document).toContain(`${origin}${mcp.transport}`);
      expect(document).toContain(`curl -s '${origin}/v1/${name}?x=1'`);
    }
  });
});

describe('catalogs', () => {
  it('the API catalog is an RFC 9264 linkset with the RFC 9727 profile', () => {
    const catalog = apiCatalogSchema.parse(apiCatalog(origin));
    expect(apiCatalogContentType).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const contexts = new Map(catalog.linkset.map((context) => [context.anchor, context]));
    expect(contexts.get(`${origin}${discovery.apiCatalog}`)!.item!.map((link) => link.href)).toEqual([`${origin}/v1`, `${origin}${mcp.transport}`]);
    expect(contexts.get(`${origin}/v1`)!['service-desc']![0]!.href).toBe(`${origin}/openapi.json`);
    const docs = contexts.get(`${origin}/v1`)!['service-doc']!.map((link) => link.href);
    expect(docs).toEqual(expect.arrayContaining([`${origin}/llms.txt`, `${origin}/llms-full.txt`]));
    expect(contexts.get(`${origin}${mcp.transport}`)!['service-desc']![0]!.href).toBe(`${origin}${mcp.serverCard}`);
  });

  it('the resource catalog names both MCP transports, the spec, the plugin and the skills', () => {
    const skills = [{ name: 'svc-install', description: 'Install', url: `${origin}/.well-known/agent-skills/svc-install/SKILL.md` }];
    const catalog = resourceCatalogSchema.parse(resourceCatalog(origin, skills));
    const byId = new Map(catalog.entries.map((entry) => [entry.identifier, entry]));
    // Both MCP transports by their URL, in the same shape (spec "Agent endpoints": the catalog names both).
    const transport = byId.get('urn:ai:layer.example:mcp:svc')!;
    const docsTransport = byId.get('urn:ai:layer.example:mcp:svc-docs')!;
    expect(transport.data).toEqual({ type: 'streamable-http', url: `${origin}${mcp.transport}` });
    expect(docsTransport.data).toEqual({ type: 'streamable-http', url: `${origin}${mcp.docsTransport}` });
    expect(Object.keys(transport).sort()).toEqual(Object.keys(docsTransport).sort());
    expect(transport.type).toBe(docsTransport.type);
    expect(byId.get('urn:ai:layer.example:mcp:svc-server-card')!.url).toBe(`${origin}${mcp.serverCard}`);
    expect(byId.get('urn:ai:layer.example:plugin:svc')!.url).toBe(`${origin}${mcp.manifest}`);
    expect(byId.get('urn:ai:layer.example:api:v1')!.url).toBe(`${origin}/openapi.json`);
    expect(byId.get('urn:ai:layer.example:skill:svc-install')!.url).toBe(skills[0]!.url);
  });
});

describe('the agent page and structured data', () => {
  it('carries the install lines, the apps, the rooms and the entry points, with absolute URLs', () => {
    const page = agentPage({ origin, entryPoints: [{ url: '/openapi.json', line: 'The description.' }] });
    expect(page).toContain(`curl -fsSL ${origin}/layer.sh | sh`);
    expect(page).toContain(`curl -fsSL ${origin}/hacker.sh | sh`);
    expect(page).toContain(`${origin}/download/pounce`);
    expect(page).toContain(`${origin}/v1/releases/perch`);
    expect(page).toContain(`[Appearance](${origin}/docs/rooms/appearance) (markdown: ${origin}/docs/rooms/appearance.md)`);
    expect(page).toContain(`- ${origin}/openapi.json: The description.`);
  });

  it('schema.jsonl has one schema.org object per line: WebSite, SoftwareApplications, a TechArticle per page', () => {
    const pages = [{ url: '/docs/install', title: 'Install', description: 'How' }, { url: '/docs', title: 'Introduction' }];
    const objects = structuredDataLines(origin, pages).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.every((object) => object['@context'] === 'https://schema.org')).toBe(true);
    expect(objects.filter((object) => object['@type'] === 'WebSite')).toHaveLength(1);
    const applications = objects.filter((object) => object['@type'] === 'SoftwareApplication');
    expect(applications.map((object) => object.name)).toEqual(['layer', 'Pounce', 'Perch']);
    expect(applications.every((object) => object.operatingSystem === 'macOS')).toBe(true);
    expect(applications.find((object) => object.name === 'Pounce')!.downloadUrl).toBe(`${origin}/download/pounce`);
    expect(objects.filter((object) => object['@type'] === 'TechArticle').map((object) => object.url)).toEqual([`${origin}/docs/install`, `${origin}/docs`]);
  });

  it('JSON-LD in a script cannot close the element', () => {
    const text = jsonLdScriptText([{ '@context': 'https://schema.org', '@type': 'Thing', name: '</script><b>' }]);
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><b>');
  });
});

describe('DNS records (spec "Discovery by DNS")', () => {
  const paths = { catalog: discovery.aiCatalog, serverCard: mcp.serverCard, agentCard: a2a.agentCard };

  it('parses as SVCB presentation format and carries every key of the draft', () => {
    const records = agentDnsZone('Example.COM.', paths).trimEnd().split('\n').map(parseSvcbLine);
    expect(records.map((record) => record.owner)).toEqual(['_index._agents.example.com.', '_mcp._agents.example.com.', '_a2a._agents.example.com.']);
    for (const record of records) {
      expect(record).toMatchObject({ class: 'IN', type: 'SVCB', priority: 1, target: 'example.com.' });
      expect(record.priority).toBeGreaterThan(0); // ServiceMode (RFC 9460 §2.4.3)
      expect(record.params.get('port')).toBe('443');
      const capability = new URL(record.params.get('key65400')!);
      expect(capability.protocol).toBe('https:');
      expect(capability.hostname).toBe('example.com');
      // key65409 is the same document as a suffix under /.well-known/.
      expect(capability.pathname).toBe(`/.well-known/${record.params.get('key65409')}`);
      expect([...record.params.keys()].sort()).toEqual(['alpn', 'key65400', 'key65409', 'port']);
    }
    const [index, server, agent] = records;
    expect(alpnIds(index!.params.get('alpn')!)).toEqual(['h2', 'http/1.1']);
    expect(index!.params.get('key65400')).toBe('https://example.com/.well-known/ai-catalog.json');
    expect(alpnIds(server!.params.get('alpn')!)).toEqual(['mcp']);
    expect(server!.params.get('key65409')).toBe('mcp/server-card.json');
    expect(alpnIds(agent!.params.get('alpn')!)).toEqual(['a2a']);
    expect(agent!.params.get('key65409')).toBe('agent-card.json');
  });

  it('a DNS library (dnspython) reads the printed zone: SVCB ServiceMode, alpn, port 443 and both private keys', () => {
    const zone = agentDnsZone('example.com', paths);
    // Never a skip: scripts/setup-test-deps.sh installs python3-dnspython (or prints the command).
    const python = findDnspython();
    if (!python) throw new Error(`no Python 3 with dnspython (tried ${dnspythonCandidates().join(', ')}); run bash scripts/setup-test-deps.sh`);
    const run = spawnSync(python, [path.join(root, 'tests/helpers/parse-zone-dnspython.py'), 'example.com.'], { input: zone, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const records = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const byOwner = new Map(records.map((record) => [record.owner, record]));
    expect([...byOwner.keys()].sort()).toEqual(['_a2a._agents.example.com.', '_index._agents.example.com.', '_mcp._agents.example.com.']);
    const expected = {
      '_index._agents.example.com.': { alpn: ['h2', 'http/1.1'], card: 'ai-catalog.json' },
      '_mcp._agents.example.com.': { alpn: ['mcp'], card: 'mcp/server-card.json' },
      '_a2a._agents.example.com.': { alpn: ['a2a'], card: 'agent-card.json' },
    } as const;
    for (const [owner, { alpn, card }] of Object.entries(expected)) {
      expect(byOwner.get(owner)).toEqual({
        owner,
        ttl: 3600,
        class: 'IN',
        type: 'SVCB',
        priority: 1,
        target: 'example.com.',
        params: { alpn, port: 443, key65400: `https://example.com/.well-known/${card}`, key65409: card },
      });
    }
  });

  it.each(['', 'localhost', 'https://example.com', 'example.com:443', 'exa mple.com', '-bad.example', `${'a'.repeat(64)}.example`])(
    'refuses %j with a clear error',
    (domain) => {
      expect(() => agentDnsRecords(domain, paths)).toThrow(DnsDomainError);
    },
  );

  it('npm run dns-records prints the same lines, on Node\'s type stripping, with no build', () => {
    const run = (...args: string[]) =>
      spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/dns-records.mjs', ...args], { cwd: root, encoding: 'utf8' });
    const ok = run('example.com');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toBe(agentDnsZone('example.com', paths));
    const bad = run('https://example.com/');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('is not a domain name');
    const missing = run();
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('usage: npm run dns-records -- <domain>');
  });
});

describe('the document responder', () => {
  const handler = documentResponder({ contentType: 'application/json', body: () => '{"a":1}', cacheControl: 'public, max-age=60', headers: { Link: '<x>' } });
  const etag = strongEtag('{"a":1}');

  it('answers the bytes with a strong ETag of their SHA-256, Cache-Control and the extra headers', async () => {
    const response = await handler(new Request('https://site.example/doc'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"a":1}');
    expect(response.headers.get('etag')).toBe(etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('link')).toBe('<x>');
  });

  it.each([etag, `W/${etag}`, `"other", ${etag}`, '*'])('If-None-Match %s → 304 with no body', async (value) => {
    const response = await handler(new Request('https://site.example/doc', { headers: { 'if-none-match': value } }));
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('a different tag is a 200', async () => {
    expect((await handler(new Request('https://site.example/doc', { headers: { 'if-none-match': '"nope"' } }))).status).toBe(200);
    expect(ifNoneMatchMatches(null, etag)).toBe(false);
  });

  it('a builder that throws is a 500 problem, not a crash', async () => {
    const broken = documentResponder({ contentType: 'text/plain', body: () => { throw new Error('boom'); }, cacheControl: 'no-store' });
    const original = console.error;
    console.error = () => {};
    try {
      const response = await broken(new Request('https://site.example/doc'));
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      console.error = original;
    }
  });
});

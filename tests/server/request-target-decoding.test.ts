import { request } from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * A request path is percent-decoded exactly once between the front door and
 * any handler (RFC 3986 §2.4: decoding an already-decoded string misreads
 * data as escapes). Raw request targets go out through node:http
 * `request({ path })`, which sends them byte for byte: WHATWG URL parsing
 * (fetch, `new URL`) would already have normalised `%2e%2e` and friends.
 *
 * Properties, over every route family: no target answers a 5xx; a name
 * encoded twice (`%2570ounce`, `%252e%252e`) never reaches what the twice
 * decoded name would; a name encoded once still names what it names.
 */
const base = new URL(inject('baseUrl'));
const localAddress = '127.0.0.86';

interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

function raw(path: string, accept?: string, method = 'GET', body?: string): Promise<RawAnswer> {
  const headers: Record<string, string> = {};
  if (accept) headers.accept = accept;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      { host: base.hostname, port: base.port, path, method, headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const html = 'text/html,application/xhtml+xml,*/*;q=0.8';
const markdown = 'text/markdown';

/** One resource of each route family: a name in its path, and what the plain name answers. */
interface Named {
  family: string;
  path: (name: string) => string;
  name: string;
  accept?: string;
  status: number;
}

let jobId = 'set-in-beforeAll';

const named: Named[] = [
  { family: 'docs twin', path: (name) => `/docs/rooms/${name}.md`, name: 'appearance', status: 200 },
  { family: 'docs twin at the top', path: (name) => `/docs/${name}.md`, name: 'install', status: 200 },
  { family: 'docs page as markdown', path: (name) => `/docs/rooms/${name}`, name: 'windows', accept: markdown, status: 200 },
  { family: 'docs page', path: (name) => `/docs/${name}`, name: 'options', accept: html, status: 200 },
  { family: 'docs section', path: (name) => `/docs/${name}/mcp`, name: 'agents', accept: html, status: 200 },
  { family: 'problem page', path: (name) => `/problems/${name}`, name: 'rate_limited', accept: html, status: 200 },
  { family: 'problem twin', path: (name) => `/problems/${name}.md`, name: 'unknown_app', status: 200 },
  { family: 'problem page as markdown', path: (name) => `/problems/${name}`, name: 'not_found', accept: markdown, status: 200 },
  { family: 'release', path: (name) => `/v1/releases/${name}?sandbox=true`, name: 'pounce', status: 200 },
  { family: 'release alias', path: (name) => `/api/release/${name}`, name: 'perch', status: 200 },
  { family: 'download', path: (name) => `/download/${name}`, name: 'pounce', status: 302 },
  { family: 'job', path: (name) => `/v1/jobs/${name}`, name: 'job', status: 200 },
  { family: 'v1 list', path: (name) => `/v1/${name}?sandbox=true`, name: 'desktops', status: 200 },
  { family: 'installer', path: (name) => `/${name}.sh`, name: 'hacker', status: 200 },
  { family: 'skill', path: (name) => `/.well-known/agent-skills/${name}/SKILL.md`, name: 'svc-install', status: 200 },
  { family: 'well-known document', path: (name) => `/.well-known/${name}`, name: 'agent-card.json', status: 200 },
  { family: 'server card', path: (name) => `/mcp/${name}`, name: 'server-card', status: 200 },
  { family: 'text view', path: (name) => `/${name}`, name: 'llms.txt', status: 200 },
  { family: 'page image', path: (name) => `/og/docs/${name}/image.png`, name: 'install', status: 200 },
];

const nameOf = (resource: Named) => (resource.family === 'job' ? jobId : resource.name);
const hex = (char: string, upper: boolean) => {
  const code = char.charCodeAt(0).toString(16).padStart(2, '0');
  return upper ? code.toUpperCase() : code;
};

/** `name` with the character at `index` percent-encoded once, or twice (`a` → `%61` → `%2561`). */
function encodeAt(name: string, index: number, upper: boolean, twice: boolean): string {
  const at = index % name.length;
  const once = `%${hex(name[at]!, upper)}`;
  return name.slice(0, at) + (twice ? `%25${once.slice(1)}` : once) + name.slice(at + 1);
}

const resourceArb = fc.constantFrom(...named);
const encodingArb = fc.record({ resource: resourceArb, index: fc.nat(40), upper: fc.boolean() });

beforeAll(async () => {
  const created = await raw('/v1/jobs', undefined, 'POST', JSON.stringify({ operations: [{ kind: 'search', q: 'layer' }], sandbox: true }));
  expect(created.status).toBe(202);
  jobId = (JSON.parse(created.body) as { id: string }).id;
  // Every resource answers as expected when named plainly, so the properties below compare against a live name.
  for (const resource of named) {
    const plain = await raw(resource.path(nameOf(resource)), resource.accept);
    expect(plain.status, `${resource.family}: ${resource.path(nameOf(resource))}`).toBe(resource.status);
  }
});

describe('a path is decoded exactly once', () => {
  it('the targets the outside fuzz found answer 404, never 500', async () => {
    for (const target of ['/docs/%.md', '/docs/%G0.md', '/docs/pounce%.md', '/docs/%/x.md', '/docs/%25G0.md', '/docs/%25.md', '/docs/a%25/b.md']) {
      const answer = await raw(target);
      expect(answer.status, target).toBe(404);
      expect(answer.contentType, target).toMatch(/^text\/markdown/);
    }
  });

  it('a name encoded twice never names the resource (it is a name with a literal %)', async () => {
    await fc.assert(
      fc.asyncProperty(encodingArb, async ({ resource, index, upper }) => {
        const target = resource.path(encodeAt(nameOf(resource), index, upper, true));
        const answer = await raw(target, resource.accept);
        expect(answer.status, `${resource.family}: ${target}`).toBe(404);
      }),
      { numRuns: 50 },
    );
  });

  it('a name encoded once still names the resource', async () => {
    await fc.assert(
      fc.asyncProperty(encodingArb, async ({ resource, index, upper }) => {
        const target = resource.path(encodeAt(nameOf(resource), index, upper, false));
        const answer = await raw(target, resource.accept);
        expect(answer.status, `${resource.family}: ${target}`).toBe(resource.status);
      }),
      { numRuns: 50 },
    );
  });

  it('`%252e%252e` is a segment named `%2e%2e`, never `..`', async () => {
    const dots = fc.constantFrom('%252e%252e', '%252E%252E', '%252e%252E', '%2e%252e', '%252e.', '.%252e');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/docs/rooms', '/docs/agents', '/docs/nowhere', '/problems/not_found'),
        dots,
        fc.constantFrom('install', 'options', 'apps', 'desktops'),
        fc.constantFrom<[string, string | undefined]>(['.md', undefined], ['', markdown], ['', html]),
        async (directory, up, page, [suffix, accept]) => {
          const target = `${directory}/${up}/${page}${suffix}`;
          const answer = await raw(target, accept);
          expect(answer.status, target).toBe(404);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('malformed and doubly encoded targets never answer a 5xx', () => {
  // Pieces that break decoders: lone and truncated escapes, escapes of `%`, of `/` and of dots, bad UTF-8.
  const piece = fc.oneof(
    fc.constantFrom('%', '%G0', '%g', '%2', '%25', '%25G0', '%2525', '%252e%252e', '%2e%2e', '%2F', '%252F', '%FF', '%C3%28', '%E0%A4%A', '%00', '%0A'),
    fc.constantFrom('pounce', 'perch', 'appearance', 'rooms', 'install', 'x', '..', '.', 'content.md', 'image.png', 'SKILL.md'),
    fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,6}$/),
  );
  const segment = fc.array(piece, { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join(''));
  const rest = fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/'));
  const prefixes = [
    '/docs/', '/docs/rooms/', '/problems/', '/llms.mdx/docs/', '/llms.mdx/problems/', '/og/docs/',
    '/v1/', '/v1/releases/', '/v1/jobs/', '/v1/search?q=', '/api/', '/api/release/', '/api/search/',
    '/download/', '/ask?q=', '/ask/', '/mcp/', '/mcp/docs/', '/a2a/', '/.well-known/', '/.well-known/agent-skills/',
    '/', '/layer.sh?ref=', '/nowhere/',
  ];
  const suffixes = ['', '', '.md', '.sh', '/content.md', '/image.png', '/SKILL.md', '.json', '/'];

  it('GET with any Accept answers below 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        rest,
        fc.constantFrom(...suffixes),
        fc.constantFrom(undefined, html, markdown, 'application/json'),
        async (prefix, middle, suffix, accept) => {
          const target = `${prefix}${middle}${suffix}`;
          const answer = await raw(target, accept);
          expect(answer.status, `${target} (Accept: ${accept ?? '-'})`).toBeLessThan(500);
        },
      ),
      {
        numRuns: 100,
        examples: [
          ['/docs/', '%', '.md', undefined],
          ['/docs/', '%G0', '.md', undefined],
          ['/docs/', 'pounce%', '.md', undefined],
          ['/docs/', '%/x', '.md', undefined],
          ['/docs/', '%25G0', '.md', undefined],
          ['/docs/', '%25G0', '', markdown],
          ['/docs/', '%252e%252e/x', '.md', undefined],
        ],
      },
    );
  });
});

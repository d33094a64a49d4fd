import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { pathPattern, type EndpointSpec } from '@/lib/endpoints/endpoint';
import { endpoints } from '@/lib/endpoints/descriptions';
import { buildOpenApiDocument } from '@/lib/endpoints/openapi';
import { endpointReference, findEndpoint } from '@/lib/docs-build/api-reference';
import remarkApiReference, { endpointReferenceBlocks } from '@/lib/docs-build/remark-api-reference';
import { problemSchema } from '@/lib/http/problem';
import remarkApiExamples from '@/lib/docs-build/remark-api-examples';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { allProblemCodes, isProblemCode, problemCodes } from '@/lib/http/problem-codes';

/**
 * The API pages (content/docs/api) checked against the endpoint table and
 * the OpenAPI document it generates: every documented path is there, every
 * curl example names a method and path the service answers (and its JSON
 * body is a valid request), every example response with a status title
 * matches that status's schema, and every problem code is on the Errors page.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const docsDir = join(root, 'content', 'docs');
const apiDir = join(docsDir, 'api');

const sources = readdirSync(apiDir)
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => ({ file, text: readFileSync(join(apiDir, file), 'utf8') }));
const allText = sources.map((page) => page.text).join('\n');

/** The pages as built: each <ApiExample /> run through the service (sandbox) into its command and answer. */
const examplesProcessor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkApiExamples).use(remarkStringify);
const pages = await Promise.all(
  sources.map(async (page) => {
    const file = new VFile({ value: page.text.replace(/^---\n[\s\S]*?\n---\n/, ''), path: page.file });
    const tree = await examplesProcessor.run(examplesProcessor.parse(file), file);
    return { file: page.file, text: examplesProcessor.stringify(tree as never) };
  }),
);

const document = buildOpenApiDocument();
type Operation = { operationId: string; tags: string[] };
const documentedTags = ['Search', 'Catalog', 'Releases', 'Batch and jobs'];
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);
// The OPTIONS operation every path answers is generated (not a row); the Errors page documents it once.
const rowIds = new Set<string>(endpoints.map((row) => row.id));
const documented = operations.filter(({ operation }) => rowIds.has(operation.operationId) && documentedTags.includes(operation.tags[0]!));

interface CodeBlock {
  file: string;
  lang: string;
  title?: string;
  body: string;
}

function codeBlocks(file: string, text: string): CodeBlock[] {
  return [...text.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    file,
    lang: match[1]!,
    title: /title="([^"]+)"/.exec(match[2]!)?.[1],
    body: match[3]!,
  }));
}

interface CurlExample {
  file: string;
  line: string;
  method: string;
  url: string;
  pathname: string;
  data?: string;
  /** The JSON response blocks (with a status title) that follow it. */
  responses: CodeBlock[];
}

/** Shell lines of a block, with backslash continuations joined. */
const shellLines = (body: string) => body.replace(/\\\n\s*/g, ' ').split('\n').filter((line) => line.trim() !== '');

function curlExamples(): CurlExample[] {
  const examples: CurlExample[] = [];
  for (const page of pages) {
    let last: CurlExample | undefined;
    for (const block of codeBlocks(page.file, page.text)) {
      if (block.lang === 'sh') {
        for (const line of shellLines(block.body).filter((l) => /^curl\s/.test(l.trim()))) {
          const url = /"\$BASE(\/[^"]*)"/.exec(line)?.[1];
          expect(url, `${page.file}: every curl example calls "$BASE/…": ${line}`).toBeTruthy();
          const explicit = /\s-X\s+([A-Z]+)/.exec(line)?.[1];
          const data = /\s(?:-d|--data|--json)\s+'([^']*)'/.exec(line)?.[1];
          const method = explicit ?? (data !== undefined ? 'POST' : /\s-I\b/.test(line) ? 'HEAD' : 'GET');
          last = { file: page.file, line, method, url: url!, pathname: url!.split('?')[0]!, data, responses: [] };
          examples.push(last);
        }
      } else if (block.lang === 'json' && block.title && /^\d{3}$/.test(block.title)) {
        expect(last, `${page.file}: a ${block.title} example follows a curl example`).toBeDefined();
        last!.responses.push(block);
      }
    }
  }
  return examples;
}

/** Like pathPattern, except that `{path}` (a docs page path) may span segments. */
const templatePattern = (template: string) => new RegExp(pathPattern(template).source.replace('(?<path>[^/]+)', '(?<path>.+)'));

/**
 * The OpenAPI path template a concrete path matches, e.g. `/v1/releases/pounce`
 * → `/v1/releases/{app}`; the most literal one when several match
 * (`/docs/{path}.md` over `/docs/{path}`).
 */
function templateOf(pathname: string): string | undefined {
  const literalLength = (template: string) => template.replace(/\{[^}]+\}/g, '').length;
  return Object.keys(document.paths)
    .filter((template) => templatePattern(template).test(pathname))
    .sort((a, b) => literalLength(b) - literalLength(a))[0];
}

function rowOf(method: string, template: string): EndpointSpec {
  const row = (endpoints as readonly EndpointSpec[]).find((endpoint) => endpoint.path === template && endpoint.method === method);
  if (!row) throw new Error(`no row for ${method} ${template}`);
  return row;
}

/** A rough markdown rendering of generated mdast: text, `code` and [links](url). */
type Node = { type: string; value?: string; url?: string; children?: Node[] };
function plain(node: Node): string {
  const inner = () => (node.children ?? []).map(plain).join(node.type === 'tableRow' ? ' | ' : node.type === 'table' ? '\n' : '');
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if (node.type === 'text') return node.value ?? '';
  if (node.type === 'link') return `[${inner()}](${node.url})`;
  return inner();
}

describe('API docs pages', () => {
  it("meta.json lists exactly the pages of the section, but its index: the folder's own page, which its label opens", () => {
    const meta = JSON.parse(readFileSync(join(apiDir, 'meta.json'), 'utf8')) as { pages: string[] };
    const pages = sources.map((page) => page.file.replace(/\.mdx$/, ''));
    expect(pages).toContain('index');
    expect([...meta.pages].sort()).toEqual(pages.filter((page) => page !== 'index').sort());
  });

  it('the table has endpoints in every documented tag', () => {
    for (const tag of documentedTags) expect(documented.some(({ operation }) => operation.tags[0] === tag), tag).toBe(true);
  });

  it.each(documented.map(({ method, path, operation }) => [`${method} ${path}`, path, operation.operationId] as const))(
    '%s is documented with its generated reference block',
    (_name, path, operationId) => {
      expect(allText).toContain(path);
      expect(allText).toContain(`<EndpointReference id="${operationId}"`);
    },
  );

  it('every EndpointReference names a row of the table and renders its parameters and codes', () => {
    const uses = [...allText.matchAll(/<EndpointReference id="([^"]+)"(?: depth=\{(\d+)\})? \/>/g)].map((match) => ({
      id: match[1]!,
      depth: match[2] === undefined ? undefined : Number(match[2]),
    }));
    expect(uses.length).toBe([...allText.matchAll(/<EndpointReference/g)].length);
    for (const { id, depth } of uses) {
      const reference = endpointReference(id, { depth });
      const row = findEndpoint(id);
      expect(reference.responses.length).toBeGreaterThan(0);
      const markdown = endpointReferenceBlocks(id, depth).map(plain).join('\n');
      expect(markdown).toContain(`\`${row.method} ${row.path}\``);
      for (const name of [...Object.keys(row.params?.shape ?? {}), ...Object.keys(row.query?.shape ?? {}), ...Object.keys(row.headers ?? {})]) {
        expect(markdown, `${id}: parameter ${name}`).toContain(`\`${name}\``);
      }
      for (const code of row.errors) expect(markdown, `${id}: error ${code}`).toContain(`[\`${code}\`](/problems/${code})`);
    }
  });
});

describe('curl examples', () => {
  const examples = curlExamples();

  it('there are curl examples on the pages', () => {
    expect(examples.length).toBeGreaterThan(10);
  });

  it.each(examples.map((example) => [`${example.file}: ${example.method} ${example.url}`, example] as const))(
    '%s is an operation of /openapi.json',
    (_name, example) => {
      const template = templateOf(example.pathname);
      expect(template, `${example.pathname} matches a path of the OpenAPI document`).toBeDefined();
      expect(Object.keys(document.paths[template!]!), `${example.method} ${template}`).toContain(example.method.toLowerCase());
      const row = rowOf(example.method, template!);
      if (example.data !== undefined) {
        expect(row.body, `${example.method} ${template} takes a body`).toBeDefined();
        const parsed = row.body!.schema.safeParse(JSON.parse(example.data));
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
    },
  );

  it('every documented operation has a curl example', () => {
    for (const { method, path } of documented) {
      const pattern = templatePattern(path);
      expect(examples.some((example) => example.method === method && pattern.test(example.pathname)), `${method} ${path}`).toBe(true);
    }
  });

  const responses = examples.flatMap((example) => example.responses.map((block) => ({ example, block })));
  it.each(responses.map(({ example, block }) => [`${example.file}: ${example.method} ${example.url} → ${block.title}`, example, block] as const))(
    '%s matches the documented response',
    (_name, example, block) => {
      const row = rowOf(example.method, templateOf(example.pathname)!);
      const status = Number(block.title);
      const body = JSON.parse(block.body) as unknown;
      const declared = row.responses[status];
      let schema: z.ZodType | undefined;
      if (declared && declared.representation === 'json') schema = declared.schema;
      else {
        schema = problemSchema;
        const { code } = body as { code: string };
        expect(isProblemCode(code), code).toBe(true);
        expect(row.errors as readonly string[], `${code} is an error of ${row.method} ${row.path}`).toContain(code);
        expect(problemCodes[code as keyof typeof problemCodes].status).toBe(status);
      }
      expect(schema, `status ${status} of ${row.method} ${row.path} has a JSON schema`).toBeDefined();
      const parsed = schema!.safeParse(body);
      expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
    },
  );
});

// The errors page as built: its <ProblemCodes /> table generated from the codes.
const referenceProcessor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkApiReference).use(remarkStringify);
const errorsSource = readFileSync(join(apiDir, 'errors.mdx'), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
const errors = referenceProcessor.stringify(referenceProcessor.runSync(referenceProcessor.parse(errorsSource)) as never);

describe('errors page', () => {
  const rows = new Map(
    [...errors.matchAll(/^\| \[`([a-z_]+)`\]\(\/problems\/([a-z_]+)\) +\| (\d{3}) +\|/gm)].map((match) => [
      match[1]!,
      { link: match[2]!, status: Number(match[3]) },
    ]),
  );

  it.each(allProblemCodes)('%s is in the table with its status and a link to its problem page', (code) => {
    expect(errors).toContain(`\`${code}\``);
    const row = rows.get(code);
    expect(row, `a table row for ${code}`).toBeDefined();
    expect(row!.link).toBe(code);
    expect(row!.status).toBe(problemCodes[code].status);
  });

  it('lists no code the service does not have', () => {
    expect([...rows.keys()].sort()).toEqual([...allProblemCodes].sort());
  });
});

describe('links in the API pages', () => {
  /** Anchors of a docs page: explicit `[#id]` headings and slugs of the others. */
  function anchorsOf(file: string): Set<string> {
    const text = readFileSync(file, 'utf8');
    const anchors = new Set<string>();
    for (const [, heading] of text.matchAll(/^#{2,6}\s+(.+)$/gm)) {
      const explicit = /\[#([^\]]+)\]\s*$/.exec(heading!);
      if (explicit) anchors.add(explicit[1]!);
      else anchors.add(heading!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-'));
    }
    return anchors;
  }

  function pageFile(path: string): string | undefined {
    const rest = path.replace(/^\/docs\/?/, '');
    const candidates = rest === '' ? [join(docsDir, 'index.mdx')] : [join(docsDir, `${rest}.mdx`), join(docsDir, rest, 'index.mdx')];
    return candidates.find((candidate) => existsSync(candidate));
  }

  const links = [...`${allText}\n${errors}`.matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1]!);

  it.each([...new Set(links)])('%s resolves', (link) => {
    const [path, anchor] = link.split('#') as [string, string | undefined];
    if (path.startsWith('/problems/')) {
      expect(isProblemCode(path.slice('/problems/'.length))).toBe(true);
      return;
    }
    // A document the site serves (e.g. /auth.md): a GET row of the endpoint table.
    if (!path.startsWith('/docs')) {
      expect((endpoints as readonly EndpointSpec[]).some((row) => row.method === 'GET' && row.path === path), `a GET endpoint at ${path}`).toBe(true);
      return;
    }
    const file = pageFile(path);
    expect(file, `a page for ${path}`).toBeDefined();
    if (anchor) expect([...anchorsOf(file!)]).toContain(anchor);
  });
});

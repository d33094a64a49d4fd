import type { BlockContent, Code, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { answerInProcess } from '@/lib/endpoints/in-process';
import { v1 } from '@/lib/routes';
import { codeBlock, elementFailure } from '@/lib/docs/mdast-builders';

/**
 * remark-api-examples: `<ApiExample path="/v1/desktops?limit=2&sandbox=true" />`
 * in the API pages becomes the curl command and the answer this service
 * gives to it, run at build time through the same handler the route binds
 * (lib/endpoints/in-process.ts). Examples use the sandbox, whose answers are the
 * same bytes on every call, so the docs show what the command returns;
 * tests/server/api-examples.test.ts runs every example against `next start`
 * and compares. Nothing in an example response is typed by hand.
 *
 * Attributes: `path` (required, site-relative; `{job}` stands for the id of
 * the page's last job example, `{cursor}` for the last `next_cursor`); `method` (default GET, or POST with a
 * `body`); `body` (JSON); `header` (one request header, `Name: value`);
 * `repeat` (send it this many times and show the last answer, for replays);
 * `show` (`body`, the default; `headers`; or `both`) and `headers` (the
 * response header names to show, comma-separated).
 */
const apiExampleElementName = 'ApiExample';

const attributes = ['path', 'method', 'body', 'header', 'repeat', 'show', 'headers'] as const;
type Attribute = (typeof attributes)[number];

export interface ApiExampleSpec {
  method: string;
  path: string;
  body?: string;
  header?: [string, string];
  repeat: number;
  show: 'body' | 'headers' | 'both';
  headers: string[];
}

/** The shell line of an example, as a reader would type it. */
function curlCommand(spec: ApiExampleSpec, path: string): string {
  const parts = ['curl -sS'];
  if (spec.show !== 'body') parts.push('-i');
  if (spec.method !== 'GET' && !(spec.method === 'POST' && spec.body !== undefined)) parts.push(`-X ${spec.method}`);
  parts.push(`"$BASE${path}"`);
  if (spec.header) parts.push(`-H '${spec.header[0]}: ${spec.header[1]}'`);
  if (spec.body !== undefined) parts.push(`-H 'Content-Type: application/json'`, `-d '${spec.body}'`);
  return parts.join(' ');
}

const reasons: Record<number, string> = { 200: 'OK', 202: 'Accepted', 302: 'Found', 400: 'Bad Request', 404: 'Not Found', 429: 'Too Many Requests' };

/** Pretty JSON, or the text as it came for other media types. */
function bodyBlock(status: number, contentType: string, body: string): Code | undefined {
  if (body === '') return undefined;
  if (/json/.test(contentType)) return codeBlock('json', JSON.stringify(JSON.parse(body), null, 2), String(status));
  return codeBlock(/markdown/.test(contentType) ? 'md' : 'text', body.trimEnd(), String(status));
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function answer(spec: ApiExampleSpec, path: string): Promise<Answer> {
  let last: Answer | undefined;
  for (let attempt = 0; attempt < spec.repeat; attempt += 1) {
    const response = await answerInProcess(spec.method, path, {
      body: spec.body,
      headers: spec.header ? { [spec.header[0]]: spec.header[1] } : {},
    });
    last = { status: response.status, headers: response.headers, body: await response.text() };
  }
  return last!;
}

/** A job example reads the job once its runner is done, as a client polling it would. */
async function settledJob(spec: ApiExampleSpec, path: string): Promise<Answer> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await answer(spec, path);
    const status = result.status === 200 ? (JSON.parse(result.body) as { status?: string }).status : undefined;
    if (status !== 'queued' || attempt >= 50) return result;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function readExampleSpec(values: ReadonlyMap<string, string>, fail: (reason: string) => never): ApiExampleSpec {
  const path = values.get('path') ?? fail('attribute "path" is required');
  if (!path.startsWith('/')) fail('`path` must be site-relative');
  const body = values.get('body');
  if (body !== undefined) {
    try {
      JSON.parse(body);
    } catch {
      fail('`body` is not JSON');
    }
  }
  const header = values.get('header');
  const colon = header?.indexOf(':') ?? -1;
  if (header !== undefined && colon < 1) fail('`header` must be `Name: value`');
  const show = values.get('show') ?? 'body';
  if (show !== 'body' && show !== 'headers' && show !== 'both') fail('`show` is body, headers or both');
  const repeat = Number(values.get('repeat') ?? '1');
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > 3) fail('`repeat` is 1, 2 or 3');
  return {
    method: values.get('method') ?? (body !== undefined ? 'POST' : 'GET'),
    path,
    body,
    header: header ? [header.slice(0, colon).trim(), header.slice(colon + 1).trim()] : undefined,
    repeat,
    show,
    headers: (values.get('headers') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}

interface PageState {
  job?: string;
  cursor?: string;
}

async function exampleBlocks(spec: ApiExampleSpec, state: PageState, fail: (reason: string) => never): Promise<BlockContent[]> {
  if (spec.path.includes('{job}') && !state.job) fail(`\`{job}\` needs a POST ${v1.jobs} example above it on the page`);
  if (spec.path.includes('{cursor}') && !state.cursor) fail('`{cursor}` needs an example above it whose answer has a next_cursor');
  const path = spec.path.replaceAll('{job}', state.job ?? '').replaceAll('{cursor}', encodeURIComponent(state.cursor ?? ''));
  const result = spec.path.includes('{job}') ? await settledJob(spec, path) : await answer(spec, path);
  if (/json/.test(result.headers.get('content-type') ?? '') && result.body) {
    const parsed = JSON.parse(result.body) as { id?: unknown; next_cursor?: unknown };
    if (spec.method === 'POST' && spec.path === v1.jobs && typeof parsed.id === 'string') state.job = parsed.id;
    if (typeof parsed.next_cursor === 'string') state.cursor = parsed.next_cursor;
  }
  const blocks: BlockContent[] = [codeBlock('sh', curlCommand(spec, path))];
  if (spec.show !== 'body') {
    const lines = [`HTTP/1.1 ${result.status} ${reasons[result.status] ?? ''}`.trimEnd()];
    for (const name of spec.headers) {
      const value = result.headers.get(name);
      if (value === null) fail(`the answer has no header ${name}`);
      lines.push(`${name}: ${value}`);
    }
    blocks.push(codeBlock('http', lines.join('\n')));
  }
  if (spec.show !== 'headers') {
    const block = bodyBlock(result.status, result.headers.get('content-type') ?? '', result.body);
    if (block) blocks.push(block);
  }
  return blocks;
}

export default function remarkApiExamples() {
  return async (tree: Root, file?: VFile): Promise<void> => {
    const state: PageState = {};
    const children: RootContent[] = [];
    for (const node of tree.children) {
      if (node.type !== 'mdxJsxFlowElement' || node.name !== apiExampleElementName) {
        children.push(node);
        continue;
      }
      const fail = elementFailure(node, apiExampleElementName, file);
      const values = new Map<string, string>();
      for (const attribute of node.attributes) {
        if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') fail('attributes must be plain strings');
        else if (!(attributes as readonly string[]).includes(attribute.name)) fail(`unknown attribute "${attribute.name}"`);
        else values.set(attribute.name as Attribute, attribute.value);
      }
      children.push(...(await exampleBlocks(readExampleSpec(values, fail), state, fail)));
    }
    tree.children = children;
  };
}

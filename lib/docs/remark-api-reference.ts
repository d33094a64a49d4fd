import type { BlockContent, PhrasingContent, Root, Table, Nodes } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { link, paragraph, table, text } from './mdast-builders';
import { endpointReference, type ApiField, type ApiSchemaTable } from './api-reference';

/**
 * remark-api-reference: replaces `<EndpointReference id="…" />` in the API
 * pages (content/docs/api) with ordinary markdown generated from the OpenAPI
 * document (lib/docs/api-reference.ts, itself read from the endpoint table):
 * method and path, summary, parameters with their descriptions, body and
 * response shapes, and the problem codes. The HTML page, its `.md` twin,
 * /llms-full.txt and the search index therefore all carry the same
 * reference, and it cannot drift from /openapi.json. No headings are added,
 * so every anchor stays as written. An unknown id or attribute fails the
 * build with the file and line.
 *
 * Attributes: `id` (required), the operationId / row id; `depth` (optional,
 * default 2), how many levels of named response schemas to expand.
 */
export const apiReferenceElementName = 'EndpointReference';

// ---------------------------------------------------------------- mdast

const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const strong = (children: PhrasingContent[]): PhrasingContent => ({ type: 'strong', children });

/** Text with `code` spans, as the endpoint table's descriptions are written. */
export function inline(value: string): PhrasingContent[] {
  return value
    .split(/(`[^`]+`)/g)
    .filter(Boolean)
    .map((part) => (part.length > 1 && part.startsWith('`') && part.endsWith('`') ? code(part.slice(1, -1)) : text(part)));
}

const nameCell = (field: ApiField): PhrasingContent[] => [code(field.name), ...(field.required ? [text(' (required)')] : [])];

function fieldTable(fields: ApiField[], withIn = false): Table {
  const header = withIn ? ['Name', 'In', 'Type', 'Description'] : ['Field', 'Type', 'Description'];
  return table(
    header,
    fields.map((field) => [
      nameCell(field),
      ...(withIn ? [[text(field.in ?? '')]] : []),
      [code(field.type)],
      field.description ? inline(field.description) : [],
    ]),
  );
}

function schemaBlocks(tables: ApiSchemaTable[]): BlockContent[] {
  return tables.flatMap((schema): BlockContent[] => {
    if (schema.variants.length === 0) {
      return [paragraph([code(schema.name), text(':')]), fieldTable(schema.fields)];
    }
    return [
      paragraph([code(schema.name), text(' is one of:')]),
      ...schema.variants.flatMap((variant): BlockContent[] => [paragraph([code(variant.name), text(':')]), fieldTable(variant.fields)]),
    ];
  });
}

/** The markdown of one endpoint's reference. */
export function endpointReferenceBlocks(id: string, depth?: number): BlockContent[] {
  const ref = endpointReference(id, { depth });
  const blocks: BlockContent[] = [];

  blocks.push(
    paragraph([
      strong([code(`${ref.method} ${ref.path}`)]),
      text(` — ${ref.summary}.`),
      ...(ref.deprecated ? [text(' '), strong([text('Deprecated.')])] : []),
      ...(ref.description ? [text(' '), ...inline(ref.description)] : []),
    ]),
  );

  if (ref.parameters.length > 0) {
    blocks.push(paragraph([strong([text('Parameters')])]), fieldTable(ref.parameters, true));
  }

  if (ref.body) {
    blocks.push(
      paragraph([
        strong([text('Body')]),
        text(' ('),
        code(ref.body.mediaType),
        text(`, at most ${Math.round(ref.body.maxBytes / 1024)} KiB). `),
        ...inline(`${ref.body.description}.`),
      ]),
      ...schemaBlocks(ref.body.schemas),
    );
  }

  blocks.push(
    paragraph([strong([text('Responses')])]),
    table(
      ['Status', 'Type', 'Description'],
      ref.responses.map((response) => [
        [code(response.status)],
        response.mediaType ? [code(response.mediaType)] : [text('—')],
        [...inline(response.description), ...(response.schema ? [text(' ('), code(response.schema), text(')')] : [])],
      ]),
    ),
  );
  const headers = ref.responses.flatMap((response) => response.headers.map((header) => ({ status: response.status, header })));
  if (headers.length > 0) {
    blocks.push(
      paragraph([strong([text('Response headers')])]),
      table(
        ['Header', 'Status', 'Description'],
        headers.map(({ status, header }) => [[code(header.name)], [code(status)], inline(header.description ?? '')]),
      ),
    );
  }
  blocks.push(...schemaBlocks(ref.responseSchemas));

  if (ref.errors.length > 0) {
    const codes = ref.errors.flatMap((error, index) => [
      ...(index > 0 ? [text(', ')] : []),
      link(error.href, [code(error.code)]),
      text(` (${error.status})`),
    ]);
    blocks.push(
      paragraph([
        strong([text('Errors:')]),
        text(' '),
        ...codes,
        text('. Each is an '),
        code('application/problem+json'),
        text(' document; see '),
        link('/docs/api/errors', [text('Errors')]),
        text('.'),
      ]),
    );
  }

  blocks.push(
    paragraph(
      ref.rateLimited
        ? [
            text('Counted against the '),
            link('/docs/api/limits', [text('rate limit')]),
            text('; every response carries the RateLimit headers.'),
          ]
        : [text('Not counted against the rate limit.')],
    ),
  );
  return blocks;
}

// ---------------------------------------------------------------- transform

function location(node: MdxJsxFlowElement, file: VFile | undefined): string {
  const where = file?.path ?? '<input>';
  const start = node.position?.start;
  return start ? `${where}:${start.line}:${start.column}` : where;
}

function replacementOf(node: MdxJsxFlowElement, file: VFile | undefined): BlockContent[] {
  const fail = (reason: string): never => {
    throw new Error(`${location(node, file)}: <${apiReferenceElementName}>: ${reason}`);
  };
  const values = new Map<string, string>();
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') return fail('spread attributes are not supported');
    if (attribute.name !== 'id' && attribute.name !== 'depth') return fail(`unknown attribute "${attribute.name}" (allowed: id, depth)`);
    let value: string | undefined;
    if (typeof attribute.value === 'string') value = attribute.value;
    else if (attribute.value && typeof attribute.value === 'object' && /^\d+$/.test(attribute.value.value.trim())) {
      // depth={1}
      value = attribute.value.value.trim();
    }
    if (value === undefined) return fail(`attribute "${attribute.name}" must be a string or a number`);
    values.set(attribute.name, value);
  }
  if (node.children.length > 0) fail('takes no children');
  const id = values.get('id') ?? fail('attribute "id" is required');
  const depthValue = values.get('depth');
  const depth = depthValue === undefined ? undefined : Number(depthValue);
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 0)) fail(`depth "${depthValue}" is not a whole number`);
  try {
    return endpointReferenceBlocks(id, depth);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

type Parent = Extract<Nodes, { children: unknown[] }>;

function transform(parent: Parent, file: VFile | undefined): void {
  const children: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    if (child.type === 'mdxJsxTextElement' && child.name === apiReferenceElementName) {
      throw new Error(`${location(child as unknown as MdxJsxFlowElement, file)}: <${apiReferenceElementName}> must stand on a line of its own`);
    }
    if (child.type === 'mdxJsxFlowElement' && child.name === apiReferenceElementName) {
      children.push(...replacementOf(child, file));
      continue;
    }
    if ('children' in child) transform(child, file);
    children.push(child);
  }
  (parent as { children: Nodes[] }).children = children;
}

export default function remarkApiReference() {
  return (tree: Root, file?: VFile): void => transform(tree, file);
}

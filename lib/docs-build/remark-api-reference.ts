import type { BlockContent, PhrasingContent, Root, Table } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import {
  attributeValues,
  type AttributeReader,
  elementFailure,
  inlineCode,
  inlineMarkdown,
  link,
  paragraph,
  replaceElements,
  strong,
  table,
  text,
} from '@/lib/docs/mdast-builders';
import { allProblemCodes, problemCodes } from '@/lib/http/problem-codes';
import { problemTypeRoute } from '@/lib/routes';
import { endpointReference, type ApiField, type ApiSchemaTable } from './api-reference';

/**
 * remark-api-reference: replaces `<EndpointReference id="…" />` in the API
 * pages (content/docs/api) with ordinary markdown generated from the OpenAPI
 * document (lib/docs-build/api-reference.ts, itself read from the endpoint table):
 * method and path, summary, parameters with their descriptions, body and
 * response shapes, and the problem codes. The HTML page, its `.md` twin,
 * /llms-full.txt and the search index therefore all carry the same
 * reference, and it cannot drift from /openapi.json. No headings are added,
 * so every anchor stays as written. An unknown id or attribute fails the
 * build with the file and line.
 *
 * Attributes: `id` (required), the operationId / row id; `depth` (optional,
 * default 2), how many levels of named response schemas to expand.
 *
 * `<ProblemCodes />` (no attributes) becomes the table of every failure
 * code, in the order of their status: the code linked to its problem page,
 * its status and its meaning (lib/core/error-codes.ts, lib/http/problem-codes.ts).
 */
const apiReferenceElementName = 'EndpointReference';
const problemCodesElementName = 'ProblemCodes';

// ---------------------------------------------------------------- mdast

const nameCell = (field: ApiField): PhrasingContent[] => [inlineCode(field.name), ...(field.required ? [text(' (required)')] : [])];

function fieldTable(fields: ApiField[], withIn = false): Table {
  const header = withIn ? ['Name', 'In', 'Type', 'Description'] : ['Field', 'Type', 'Description'];
  return table(
    header,
    fields.map((field) => [
      nameCell(field),
      ...(withIn ? [[text(field.in ?? '')]] : []),
      [inlineCode(field.type)],
      field.description ? inlineMarkdown(field.description) : [],
    ]),
  );
}

function schemaBlocks(tables: ApiSchemaTable[]): BlockContent[] {
  return tables.flatMap((schema): BlockContent[] => {
    if (schema.variants.length === 0) {
      return [paragraph([inlineCode(schema.name), text(':')]), fieldTable(schema.fields)];
    }
    return [
      paragraph([inlineCode(schema.name), text(' is one of:')]),
      ...schema.variants.flatMap((variant): BlockContent[] => [paragraph([inlineCode(variant.name), text(':')]), fieldTable(variant.fields)]),
    ];
  });
}

/** The markdown of one endpoint's reference. */
export function endpointReferenceBlocks(id: string, depth?: number): BlockContent[] {
  const ref = endpointReference(id, { depth });
  const blocks: BlockContent[] = [];

  blocks.push(
    paragraph([
      strong([inlineCode(`${ref.method} ${ref.path}`)]),
      text(` — ${ref.summary}.`),
      ...(ref.deprecated ? [text(' '), strong([text('Deprecated.')])] : []),
      ...(ref.description ? [text(' '), ...inlineMarkdown(ref.description)] : []),
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
        inlineCode(ref.body.mediaType),
        text(`, at most ${Math.round(ref.body.maxBytes / 1024)} KiB). `),
        ...inlineMarkdown(`${ref.body.description}.`),
      ]),
      ...schemaBlocks(ref.body.schemas),
    );
  }

  blocks.push(
    paragraph([strong([text('Responses')])]),
    table(
      ['Status', 'Type', 'Description'],
      ref.responses.map((response) => [
        [inlineCode(response.status)],
        response.mediaType ? [inlineCode(response.mediaType)] : [text('—')],
        [...inlineMarkdown(response.description), ...(response.schema ? [text(' ('), inlineCode(response.schema), text(')')] : [])],
      ]),
    ),
  );
  const headers = ref.responses.flatMap((response) => response.headers.map((header) => ({ status: response.status, header })));
  if (headers.length > 0) {
    blocks.push(
      paragraph([strong([text('Response headers')])]),
      table(
        ['Header', 'Status', 'Description'],
        headers.map(({ status, header }) => [[inlineCode(header.name)], [inlineCode(status)], inlineMarkdown(header.description ?? '')]),
      ),
    );
  }
  blocks.push(...schemaBlocks(ref.responseSchemas));

  if (ref.errors.length > 0) {
    const codes = ref.errors.flatMap((error, index) => [
      ...(index > 0 ? [text(', ')] : []),
      link(error.href, [inlineCode(error.code)]),
      text(` (${error.status})`),
    ]);
    blocks.push(
      paragraph([
        strong([text('Errors:')]),
        text(' '),
        ...codes,
        text('. Each is an '),
        inlineCode('application/problem+json'),
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

/** Every failure code with its status and meaning, by status (stable: the table's own order within one). */
function problemCodeBlocks(): BlockContent[] {
  const codes = allProblemCodes
    .map((code, position) => ({ code, position }))
    .sort((a, b) => problemCodes[a.code].status - problemCodes[b.code].status || a.position - b.position);
  return [
    table(
      ['Code', 'Status', 'Meaning'],
      codes.map(({ code }) => [[link(problemTypeRoute(code), [inlineCode(code)])], [text(String(problemCodes[code].status))], inlineMarkdown(problemCodes[code].meaning)]),
    ),
  ];
}

// ---------------------------------------------------------------- transform

/** `id="…"`, or a whole number written as an expression (`depth={1}`). */
const stringOrNumber: AttributeReader = {
  value: (attribute) => {
    if (typeof attribute.value === 'string') return attribute.value;
    if (attribute.value && typeof attribute.value === 'object' && /^\d+$/.test(attribute.value.value.trim())) return attribute.value.value.trim();
    return undefined;
  },
  expected: 'a string or a number',
};

function replacementOf(node: MdxJsxFlowElement, file: VFile | undefined): BlockContent[] {
  const fail = elementFailure(node, apiReferenceElementName, file);
  const values = attributeValues(node, ['id', 'depth'], fail, stringOrNumber);
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

type ElementName = typeof apiReferenceElementName | typeof problemCodesElementName;
const isApiReferenceElement = (name: string | null): name is ElementName => name === apiReferenceElementName || name === problemCodesElementName;

function problemCodesReplacement(node: MdxJsxFlowElement, file: VFile | undefined): BlockContent[] {
  const fail = elementFailure(node, problemCodesElementName, file);
  if (node.attributes.length > 0 || node.children.length > 0) fail('takes no attributes and no children');
  return problemCodeBlocks();
}

export default function remarkApiReference() {
  return (tree: Root, file?: VFile): void =>
    replaceElements(tree, file, isApiReferenceElement, {
      flow: (node) => (node.name === problemCodesElementName ? problemCodesReplacement(node, file) : replacementOf(node, file)),
    });
}

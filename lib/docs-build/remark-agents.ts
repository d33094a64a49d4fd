import type { BlockContent, Heading, PhrasingContent, Root, Table } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { a2aSkills } from '../agents/a2a';
import { claudeCodeCommand, clientEntry, mcpInstallLinks, remoteMcpServer } from '../agents/mcp-client-config';
import { mcpManifest } from '../agents/mcp-documents';
import { mcpServers } from '../agents/mcp-server';
import { findTool, toolJsonSchemas, type ToolSpec } from '../agents/tools';
import { parseEnv, publicOrigin } from '../env';
import { mcp, problemTypeRoute } from '../routes';
import { describeType } from './api-reference';
import {
  codeBlock,
  elementFailure,
  inlineCode,
  inlineMarkdown,
  joined,
  link,
  paragraph,
  replaceElements,
  strong,
  table,
  text,
} from '@/lib/docs/mdast-builders';

/**
 * remark-agents: the agent elements of the Agents pages (content/docs/agents)
 * become markdown at build time, from the tables the MCP transports serve:
 *
 * - `<ToolReference name="search_docs" />`: the tool's title, description,
 *   annotations, a table of its arguments and of its result
 *   (`structuredContent`), read from the JSON Schemas `tools/list` sends
 *   (lib/agents/tools.ts `toolJsonSchemas`), and its error codes;
 * - `<McpClientConfig client="cli | editor | vscode | plugin | install" />`:
 *   how a client connects, with this build's public origin (SITE_URL, as
 *   the install lines of remark-catalog); `install`, the one-click install
 *   links of Cursor and VS Code;
 * - `<A2aSkills />`: the A2A skills, the tool each runs, their examples;
 * - `<McpServers />`: each MCP path, the server that answers it and its tools;
 * - `<ToolReferences />`: every tool of `svc`, in the order of `tools/list`,
 *   under a heading of its name (its anchor), with its reference.
 *
 * No schema is copied into the MDX, so the docs cannot drift from what an
 * agent is told. An unknown tool, client or attribute fails the build with
 * the file and line.
 */

type JsonSchema = Record<string, unknown>;

interface Field {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

function fieldsOf(schema: JsonSchema): Field[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: describeType(property),
    required: required.has(name),
    description: typeof property.description === 'string' ? property.description : undefined,
  }));
}

function fieldTable(fields: Field[]): Table {
  return table(
    ['Field', 'Type', 'Description'],
    fields.map((field) => [
      [inlineCode(field.name), ...(field.required ? [text(' (required)')] : [])],
      [inlineCode(field.type)],
      field.description ? inlineMarkdown(field.description) : [],
    ]),
  );
}

/** Properties that hold objects (or arrays of them): each gets a table of its own, one level down. */
function nestedTables(schema: JsonSchema): BlockContent[] {
  const blocks: BlockContent[] = [];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const items = property.type === 'array' ? (property.items as JsonSchema | undefined) : property;
    if (!items || items.type !== 'object' || !items.properties) continue;
    blocks.push(paragraph([text('Each of '), inlineCode(property.type === 'array' ? `${name}[]` : name), text(':')]), fieldTable(fieldsOf(items)));
  }
  return blocks;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The reference of one tool, from the table. */
function toolReferenceBlocks(tool: ToolSpec): BlockContent[] {
  const { inputSchema, resultSchema } = toolJsonSchemas(tool);
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
  const errors = tool.errors.flatMap((errorCode, index): PhrasingContent[] => [
    ...(index > 0 ? [text(', ')] : []),
    link(problemTypeRoute(errorCode), [inlineCode(errorCode)]),
  ]);
  return [
    paragraph([strong([text(tool.title)]), text('. '), ...inlineMarkdown(tool.description)]),
    paragraph([
      strong([text('Annotations')]),
      text(`: read-only ${yesNo(readOnlyHint)}, destructive ${yesNo(destructiveHint)}, idempotent ${yesNo(idempotentHint)}, open world ${yesNo(openWorldHint)}${openWorldHint ? ' (a live lookup on the code host)' : ''}.`),
    ]),
    paragraph([strong([text('Arguments')])]),
    fieldTable(fieldsOf(inputSchema)),
    paragraph([strong([text('Result')]), text(' ('), inlineCode('structuredContent'), text(' on success; the text block carries the same JSON)')]),
    fieldTable(fieldsOf(resultSchema)),
    ...nestedTables(resultSchema),
    paragraph([
      strong([text('Errors')]),
      text(' (a result with '),
      inlineCode('isError'),
      text(' and '),
      inlineCode('structuredContent.error.code'),
      text('): '),
      ...errors,
      text(', and '),
      link(problemTypeRoute('invalid_parameter'), [inlineCode('invalid_parameter')]),
      text(' for an argument outside the schema.'),
    ]),
  ];
}

/**
 * The one-click installs of `svc` (lib/agents/mcp-client-config.ts): a line
 * of the editors' web links, which the MCP page draws as buttons
 * (components/docs/mcp-install-buttons.tsx), then the editors' own links.
 */
function installLinkBlocks(origin: string): BlockContent[] {
  const links = mcpInstallLinks(origin);
  return [
    paragraph(links.flatMap(({ editor, web }, index) => [...(index ? [text(' ')] : []), link(web, [text(`Add to ${editor}`)])])),
    paragraph([
      text('Where the editor is installed, its own link does the same: '),
      ...joined(links.map(({ editor, deeplink }) => [link(deeplink, [text(`${editor} (`), inlineCode(deeplink.slice(0, deeplink.indexOf('?'))), text(')')])])),
      text('.'),
    ]),
  ];
}

/** Client configuration snippets, with the public origin of this build. */
function clientConfigBlocks(client: string, origin: string, fail: (reason: string) => never): BlockContent[] {
  const server = remoteMcpServer(origin);
  switch (client) {
    case 'cli':
      return [codeBlock('sh', claudeCodeCommand(server))];
    case 'editor':
      return [codeBlock('json', JSON.stringify({ mcpServers: { [server.name]: clientEntry.cursor(server) } }, null, 2), '.cursor/mcp.json')];
    case 'vscode':
      return [codeBlock('json', JSON.stringify({ servers: { [server.name]: clientEntry.vscode(server) } }, null, 2), '.vscode/mcp.json')];
    case 'plugin':
      return [codeBlock('json', JSON.stringify(mcpManifest(origin), null, 2), 'mcp.json')];
    case 'install':
      return installLinkBlocks(origin);
    default:
      return fail(`unknown client "${client}" (allowed: cli, editor, vscode, plugin, install)`);
  }
}

// ---------------------------------------------------------------- transform

/**
 * `<A2aSkills />`: the A2A skills of the agent card, each with the MCP tool
 * it runs and its example requests (lib/agents/a2a.ts `a2aSkills`).
 */
function a2aSkillBlocks(): BlockContent[] {
  return [
    table(
      ['Skill', 'Runs the MCP tool', 'Example requests'],
      a2aSkills.map((skill) => [
        [inlineCode(skill.id)],
        [link(`${mcp.docs}#${skill.tool}`, [inlineCode(skill.tool)])],
        skill.examples.flatMap((example, index) => [...(index ? [text('; ')] : []), inlineCode(example)]),
      ]),
    ),
  ];
}

/** `<McpServers />`: each transport path with its server (`serverInfo.name`) and its tools; a second path of a server says so. */
function mcpServerBlocks(): BlockContent[] {
  const servers = Object.values(mcpServers);
  const first = servers.map((server) => [
    [inlineCode(`POST ${server.paths[0]}`)],
    [inlineCode(server.name)],
    server.tools.flatMap((tool, index): PhrasingContent[] => [...(index ? [text(', ')] : []), inlineCode(tool.name)]),
  ]);
  const others = servers.flatMap((server) =>
    server.paths.slice(1).map((path) => [[inlineCode(`POST ${path}`)], [inlineCode(server.name)], [text('the same as '), inlineCode(server.paths[0]!)]]),
  );
  return [table(['Endpoint', [text('Server ('), inlineCode('serverInfo.name'), text(')')], 'Tools'], [...first, ...others])];
}

/** `<ToolReferences />`: each tool of `svc`, in the order of `tools/list`, under its own heading, with its reference. */
function toolReferencesBlocks(): BlockContent[] {
  return mcpServers.svc.tools.flatMap((tool): BlockContent[] => [
    // remark-heading has run by now; the anchor is set as it would set it (a tool's name is its own slug).
    { type: 'heading', depth: 3, children: [text(tool.name)], data: { hProperties: { id: tool.name } } } as Heading,
    ...toolReferenceBlocks(tool),
  ]);
}

const agentElementNames = ['ToolReference', 'McpClientConfig', 'A2aSkills', 'McpServers', 'ToolReferences'] as const;
const attributesOf: Record<(typeof agentElementNames)[number], string | undefined> = {
  ToolReference: 'name',
  McpClientConfig: 'client',
  A2aSkills: undefined,
  McpServers: undefined,
  ToolReferences: undefined,
};
const blocksWithoutAttributes = { A2aSkills: a2aSkillBlocks, McpServers: mcpServerBlocks, ToolReferences: toolReferencesBlocks };

function replacementOf(node: MdxJsxFlowElement, name: (typeof agentElementNames)[number], file: VFile | undefined, origin: string): BlockContent[] {
  const fail = elementFailure(node, name, file);
  const allowed = attributesOf[name];
  if (allowed === undefined) {
    if (node.attributes.length > 0 || node.children.length > 0) fail('takes no attributes and no children');
    return blocksWithoutAttributes[name as keyof typeof blocksWithoutAttributes]();
  }
  let value: string | undefined;
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || attribute.name !== allowed) fail(`takes one attribute, "${allowed}"`);
    else if (typeof attribute.value !== 'string') fail(`"${allowed}" must be a plain string`);
    else value = attribute.value;
  }
  if (node.children.length > 0) fail('takes no children');
  const given = value ?? fail(`attribute "${allowed}" is required`);
  if (name === 'McpClientConfig') return clientConfigBlocks(given, origin, fail);
  const tool = findTool(given) ?? fail(`no tool "${given}" in lib/agents/tools.ts`);
  return toolReferenceBlocks(tool);
}

const isAgentElement = (name: string | null): name is (typeof agentElementNames)[number] =>
  (agentElementNames as readonly string[]).includes(name ?? '');

export default function remarkAgents(options: { origin?: string } = {}) {
  const origin = options.origin ?? publicOrigin(parseEnv(process.env));
  return (tree: Root, file?: VFile): void =>
    replaceElements(tree, file, isAgentElement, { flow: (node) => replacementOf(node, node.name, file, origin) });
}

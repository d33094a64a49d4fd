import { createHash } from 'node:crypto';
import { z } from 'zod';
import { discovery, mcp, openApiRoute, skillRoute } from '@/lib/routes';

/**
 * The skills index (/docs/agents/discovery, "Skills":
 * /.well-known/agent-skills/index.json with `svc-docs-search`, `svc-install`,
 * `svc-releases`) and each skill's SKILL.md, in the Agent Skills discovery
 * format (agentskills.io "Well-Known URI", schema 0.2.0): an entry per skill
 * with `name`, `type` `skill-md`, `description`, `url` and `digest`, the
 * SHA-256 of exactly the bytes served at `url` (`sha256:` and 64 lowercase
 * hex digits).
 *
 * A skill teaches one task through the door that already does it: the MCP
 * tool of the tool table and the matching REST call of the endpoint table.
 * Both tables are passed in (lib/endpoints/handlers/discovery-handlers.ts binds them), so
 * a SKILL.md says what `tools/list` and /openapi.json say, and this module
 * stands on no door.
 */

const skillsSchemaUri = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** Agent Skills names: 1–64 lowercase letters, digits and single hyphens, not at either end. */
const skillName = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The three skills, the tool and REST row each one teaches (ids of
 * lib/agents/tools.ts and lib/endpoints/contract.ts), and the REST call its
 * SKILL.md shows (a URL the real-server walk requests and that answers 200).
 */
export const skillPlan = [
  { name: 'svc-docs-search', tool: 'search_docs', rest: 'searchDocs', example: '/v1/search?q=wallpaper' },
  { name: 'svc-install', tool: 'get_install_command', rest: 'listDesktops', example: '/v1/desktops' },
  { name: 'svc-releases', tool: 'get_latest_release', rest: 'getRelease', example: '/v1/releases/pounce?sandbox=true' },
] as const;
export type SkillName = (typeof skillPlan)[number]['name'];
export const skillNames: readonly SkillName[] = skillPlan.map((skill) => skill.name);
export const isSkillName = (value: unknown): value is SkillName => (skillNames as readonly unknown[]).includes(value);

/** What a skill needs from the tool table: the tool as `tools/list` describes it. */
interface SkillTool {
  name: string;
  title: string;
  description: string;
  /** JSON Schema of the arguments, as `tools/list` sends it. */
  inputSchema: Record<string, unknown>;
}

/** What a skill needs from the endpoint table: the REST call and one example that succeeds. */
interface SkillRestCall {
  method: string;
  path: string;
  summary: string;
  description?: string;
  example: string;
}

export interface SkillSource {
  name: SkillName;
  tool: SkillTool;
  rest: SkillRestCall;
}

const skillEntrySchema = z.object({
  name: z.string().regex(skillName),
  type: z.literal('skill-md'),
  description: z.string().min(1).max(1024),
  url: z.url().describe('Where the SKILL.md is served'),
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/).describe('SHA-256 of exactly the bytes served at `url`'),
});

export const skillsIndexSchema = z
  .object({
    $schema: z.literal(skillsSchemaUri),
    skills: z.array(skillEntrySchema),
  })
  .meta({ id: 'SkillsIndex' });
type SkillsIndex = z.infer<typeof skillsIndexSchema>;

export const sha256Digest = (bytes: string | Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** What the skill is for and when to use it (the index and the front matter say the same). */
function skillDescription(source: SkillSource): string {
  return `${source.tool.title}: ${source.tool.description} Use the MCP tool \`${source.tool.name}\` or GET ${source.rest.path}.`.slice(0, 1024);
}

const frontMatterValue = (value: string) => JSON.stringify(value); // a JSON string is a YAML double-quoted scalar

function argumentLines(tool: SkillTool): string[] {
  const schema = tool.inputSchema as { properties?: Record<string, { description?: string }>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(
    ([name, property]) => `- \`${name}\`${required.has(name) ? ' (required)' : ''}: ${property.description ?? ''}`.trimEnd(),
  );
}

/** The SKILL.md of one skill: front matter (name, description), then how to use the tool and the REST call. */
function skillDocument(source: SkillSource, origin: string): string {
  const { tool, rest } = source;
  const args = argumentLines(tool);
  return [
    '---',
    `name: ${source.name}`,
    `description: ${frontMatterValue(skillDescription(source))}`,
    '---',
    '',
    `# ${tool.title}`,
    '',
    tool.description,
    '',
    '## With MCP',
    '',
    `Connect to the MCP server at ${origin}${mcp.transport} (Streamable HTTP, POST only, stateless, no credentials) and call the tool \`${tool.name}\`.`,
    '',
    ...(args.length ? ['Arguments:', '', ...args, ''] : ['It takes no arguments.', '']),
    'A failure comes back as a tool result with `isError` set and `{ "error": { "code", "message" } }`, the same codes as the REST problems.',
    '',
    '## Over HTTP',
    '',
    `${rest.method} ${origin}${rest.path}: ${rest.summary}.${rest.description ? ` ${rest.description}` : ''}`,
    '',
    '```sh',
    `curl -s '${origin}${rest.example}'`,
    '```',
    '',
    `Errors are \`application/problem+json\` with a stable \`code\`. The whole API is described at ${origin}${openApiRoute}; everything the site offers agents is listed at ${origin}${discovery.agentPage}.`,
    '',
  ].join('\n');
}

export interface BuiltSkills {
  index: SkillsIndex;
  /** Each skill's SKILL.md, exactly the bytes the index digests. */
  documents: ReadonlyMap<SkillName, string>;
}

/** The index and the documents together, so each digest is taken from the very bytes that are served. */
export function buildSkills(sources: readonly SkillSource[], origin: string): BuiltSkills {
  const documents = new Map<SkillName, string>();
  const skills = sources.map((source) => {
    if (!skillName.test(source.name)) throw new Error(`skill name ${source.name} is not an Agent Skills name`);
    const document = skillDocument(source, origin);
    documents.set(source.name, document);
    return {
      name: source.name,
      type: 'skill-md' as const,
      description: skillDescription(source),
      url: `${origin}${skillRoute(source.name)}`,
      digest: sha256Digest(document),
    };
  });
  return { index: { $schema: skillsSchemaUri, skills }, documents };
}

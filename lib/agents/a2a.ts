import { activeSpanName, renameActive } from '@/lib/platform/telemetry';
import { randomUUID } from 'node:crypto';
import { AgentCard, Role, type AgentSkill, type Message, type Part } from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import { AgentEvent, type AgentExecutor } from '@a2a-js/sdk/server';
import type { CoreError } from '@/lib/core/core-error';
import { a2a, docsPageUrl, mcp } from '@/lib/routes';
import type { Result } from '@/lib/core/result';
import { mcpServerVersion } from './mcp-server';
import { appNames, urlDesktopNames } from '@/lib/catalog';
import { a2aSkills, a2aVersions, type A2aSkill, type A2aSkillId } from './a2a-skills';
import { findTool, runTool, toolDescriptionText, toolFailureBody, tools as siteTools, type ToolContext, type ToolSpec } from './tools';

export { a2aSkills,   };

/**
 * A2A (/docs/agents/a2a: the agent card and POST /a2a). The agent's
 * skills are the tools of the tool table, one skill per tool: the card
 * describes each from its tool, and a message runs the tool through the
 * same `runTool` MCP uses, so both doors give the same facts.
 *
 * A message names a skill in a data part, `{ "skill": "search-docs",
 * "arguments": { "query": "…" } }`, or says what it wants in plain text,
 * routed by intent ("latest pounce release", "install the hacker desktop";
 * anything else is a documentation search). The answer is one message with
 * a data part (the tool's object, or `{ error: { code, message } }`) and a
 * text part (the same JSON), as MCP's structuredContent and text block.
 */

const a2aAgentVersion = mcpServerVersion;
const inputModes = ['text/plain', 'application/json'];
const outputModes = ['application/json', 'text/plain'];

/** The agent as A2A 1.0 describes it (the SDK's card, used to validate versions and to serialise); its skills are the site's unless a test hands others. */
export function coreAgentCard(origin: string, given: readonly A2aSkill[] = a2aSkills, tools: readonly ToolSpec[] = siteTools): AgentCard {
  const skills: AgentSkill[] = given.map((skill) => {
    const tool = findTool(skill.tool, tools)!;
    return {
      id: skill.id,
      name: tool.title,
      description: toolDescriptionText(tool),
      tags: [...skill.tags],
      examples: [...skill.examples],
      inputModes,
      outputModes,
      securityRequirements: [],
    };
  });
  return {
    name: 'svc',
    description:
      'Read-only agent of the layer site: documentation search, the line that installs a desktop, and the latest macOS releases of pounce and perch. The same facts as the MCP server at the card\'s url; no accounts, no keys.',
    supportedInterfaces: a2aVersions.map((protocolVersion) => ({ url: `${origin}${a2a.transport}`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion })),
    // No provider: no organisation is stated behind the agent (/docs/agents/a2a, "The agent card"), and A2A makes the field optional.
    provider: undefined,
    version: a2aAgentVersion,
    documentationUrl: `${origin}${docsPageUrl(['agents', 'a2a'])}`,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: inputModes,
    defaultOutputModes: outputModes,
    skills,
    signatures: [],
  };
}

/**
 * The card served at /.well-known/agent-card.json, read by clients of both
 * versions: A2A 1.0's fields (`supportedInterfaces` names the JSON-RPC
 * interface at /a2a for 1.0 and 0.3), and A2A 0.3's top-level `url`,
 * `preferredTransport`, `protocolVersion` and `additionalInterfaces`. The
 * card's URL is the MCP endpoint (/docs/agents/a2a, "The agent card"); its transport is MCP's
 * Streamable HTTP, so `preferredTransport` says `MCP` and a 0.3 client
 * finds the A2A interface among `additionalInterfaces`.
 */
export function agentCardDocument(origin: string, skills?: readonly A2aSkill[], tools?: readonly ToolSpec[]): Record<string, unknown> {
  const core = AgentCard.toJSON(coreAgentCard(origin, skills, tools)) as Record<string, unknown>;
  return {
    ...core,
    url: `${origin}${mcp.transport}`,
    preferredTransport: 'MCP',
    protocolVersion: '0.3.0',
    additionalInterfaces: [{ url: `${origin}${a2a.transport}`, transport: 'JSONRPC' }],
  };
}

// ---------------------------------------------------------------- messages

/** What a message asks for: a skill and its arguments. */
export interface SkillCall {
  skill: A2aSkillId;
  arguments: Record<string, unknown>;
}

const desktopWords = new RegExp(`\\b(${urlDesktopNames.join('|')})\\b`, 'i');

/**
 * Plain text, routed by intent. A release question names an app and asks
 * for a release, version or download; an install question asks to install
 * (a desktop, or the layer); anything else is a documentation search.
 */
export function routeText(text: string): SkillCall {
  const lower = text.toLowerCase();
  const app = appNames.find((name) => new RegExp(`\\b${name}\\b`).test(lower));
  if (app && /\b(release|releases|version|latest|newest|download|dmg|update)\b/.test(lower)) {
    return { skill: 'latest-release', arguments: { app } };
  }
  if (/\b(install|installer|installing|set up|setup)\b/.test(lower) && !app) {
    const desktop = desktopWords.exec(lower)?.[1];
    return { skill: 'install-command', arguments: desktop ? { desktop } : {} };
  }
  return { skill: 'search-docs', arguments: { query: text.trim() } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The call a message makes: its first data part naming a skill, else its
 * text. A data part that names no skill of this agent, or whose arguments
 * are not an object, is a malformed request (JSON-RPC -32602).
 */
export function interpretMessage(message: Pick<Message, 'parts'>): SkillCall {
  for (const part of message.parts) {
    if (part.content?.$case !== 'data') continue;
    const data: unknown = part.content.value;
    if (!isRecord(data) || typeof data.skill !== 'string') {
      throw new RequestMalformedError('A data part must be { "skill": "<id>", "arguments": { … } }.');
    }
    const skill = a2aSkills.find((entry) => entry.id === data.skill);
    if (!skill) {
      throw new RequestMalformedError(`Unknown skill "${data.skill}". The skills are ${a2aSkills.map((entry) => entry.id).join(', ')}.`);
    }
    const args = data.arguments ?? {};
    if (!isRecord(args)) throw new RequestMalformedError('A skill\'s `arguments` must be an object.');
    return { skill: skill.id, arguments: args };
  }
  const text = message.parts
    .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
    .join(' ')
    .trim();
  if (!text) throw new RequestMalformedError('The message has neither a data part naming a skill nor any text.');
  return routeText(text);
}

/** Runs a skill's tool: the same call, and so the same facts, as MCP's `tools/call`. */
function runSkill(call: SkillCall, context: ToolContext): Promise<Result<object, CoreError>> {
  const skill = a2aSkills.find((entry) => entry.id === call.skill)!;
  return runTool(findTool(skill.tool)!, call.arguments, context);
}

const part = (content: NonNullable<Part['content']>, mediaType: string): Part => ({ content, metadata: undefined, filename: '', mediaType });

/** The answer: a data part (the object, or `{ error: { code, message } }`) and a text part with the same JSON. */
function replyParts(result: Result<object, CoreError>): Part[] {
  const data = result.ok ? result.value : toolFailureBody(result.error);
  return [part({ $case: 'data', value: data }, 'application/json'), part({ $case: 'text', value: JSON.stringify(data) }, 'application/json')];
}

/**
 * The agent: each message is answered with one message (no task: every
 * skill answers at once), through the SDK's request handler.
 */
export function createA2aExecutor(context: () => ToolContext): AgentExecutor {
  return {
    async execute(request, bus) {
      const call = interpretMessage(request.userMessage);
      // The transport's span is named for the method; with the skill known it is `message/send search_docs`.
      const method = activeSpanName();
      if (method === 'message/send' || method === 'SendMessage') renameActive(`${method} ${call.skill}`, { 'svc.a2a.skill': call.skill });
      const result = await runSkill(call, { ...context(), door: 'a2a' });
      const reply: Message = {
        messageId: randomUUID(),
        contextId: request.contextId,
        taskId: '',
        role: Role.ROLE_AGENT,
        parts: replyParts(result),
        metadata: { skill: call.skill },
        extensions: [],
        referenceTaskIds: [],
      };
      bus.publish(AgentEvent.message(reply));
      bus.finished();
    },
    async cancelTask() {
      // Nothing runs long enough to cancel: every answer is a message, never a task.
    },
  };
}

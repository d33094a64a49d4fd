import { z } from 'zod';
import { a2aSkills, a2aVersions, type A2aSkillId } from './a2a-skills';
import { jsonRpcErrorResponseSchema, jsonRpcVersion } from './json-rpc';

/**
 * What POST /a2a reads and answers, for /openapi.json and the endpoint
 * table's walk. The SDK
 * (@a2a-js/sdk) parses and serialises the messages; these schemas describe
 * the subset this agent uses: a message in, a message out, never a task.
 * A2A 1.0 names a part by its field (`text`, `data`); 0.3 by `kind`.
 */

const skillId = z.enum(a2aSkills.map((skill) => skill.id) as [A2aSkillId, ...A2aSkillId[]]);

const metadata = z
  .object({ skill: skillId.describe('The skill that answered') })
  .describe('Which skill answered');

const v1Part = z
  .object({
    text: z.string().optional().describe('Text: a request routed by intent, or in an answer the JSON of `data`'),
    data: z.unknown().optional().describe('Structured data: a skill call, or in an answer the tool\'s object (or `{ error: { code, message } }`)'),
    mediaType: z.string().optional(),
  })
  .meta({ id: 'A2aPart' });

const v03Part = z
  .union([
    z.object({ kind: z.literal('text'), text: z.string() }),
    z.object({ kind: z.literal('data'), data: z.unknown() }),
  ])
  .meta({ id: 'A2aLegacyPart' });

const a2aMessageSchema = z
  .object({
    messageId: z.string(),
    contextId: z.string().optional(),
    role: z.enum(['ROLE_USER', 'ROLE_AGENT']),
    parts: z.array(v1Part).min(1),
    metadata: metadata.optional(),
  })
  .meta({ id: 'A2aMessage', description: 'An A2A 1.0 message' });

const a2aLegacyMessageSchema = z
  .object({
    kind: z.literal('message'),
    messageId: z.string(),
    contextId: z.string().optional(),
    role: z.enum(['user', 'agent']),
    parts: z.array(v03Part).min(1),
    metadata: metadata.optional(),
  })
  .meta({ id: 'A2aLegacyMessage', description: 'An A2A 0.3 message' });

const a2aSendMessageParamsSchema = z
  .object({ message: z.union([a2aMessageSchema, a2aLegacyMessageSchema]) })
  .meta({
    id: 'A2aSendMessageParams',
    description: `The message: its first data part naming a skill (${skillId.options.map((id) => `\`${id}\``).join(', ')}), else its text, routed by intent.`,
  });

/**
 * A JSON-RPC 2.0 id as the transport takes it (lib/agents/a2a-transport.ts
 * checks the same): a string, a number (JSON-RPC 2.0 §4: it SHOULD NOT have a
 * fraction; one with a fraction is echoed as sent) or null.
 */
const jsonRpcIdSchema = z.union([z.string(), z.number(), z.null()]);

export const a2aRequestSchema = z
  .object({
    jsonrpc: z.literal(jsonRpcVersion),
    id: jsonRpcIdSchema.optional(),
    method: z.string().describe('`SendMessage` (A2A 1.0) or `message/send` (0.3); the task methods answer "task not found", the streaming ones -32004'),
    params: a2aSendMessageParamsSchema.or(z.record(z.string(), z.unknown())).optional(),
  })
  .meta({ id: 'A2aRequest' });

const a2aResultResponseSchema = z
  .object({
    jsonrpc: z.literal(jsonRpcVersion),
    id: jsonRpcIdSchema,
    result: z.union([
      z.object({ message: a2aMessageSchema }).describe('A2A 1.0 `SendMessage`: `{ message }`'),
      a2aLegacyMessageSchema.describe('A2A 0.3 `message/send`: the message'),
      z.record(z.string(), z.unknown()).describe('Another method\'s result (ListTasks: no task is ever stored)'),
    ]),
  })
  .meta({ id: 'A2aResultResponse' });

export const a2aResponseSchema = z.union([a2aResultResponseSchema, jsonRpcErrorResponseSchema]).meta({ id: 'A2aResponse' });

/** The agent card as served: A2A 1.0's fields and 0.3's top-level ones (lib/agents/a2a.ts, `agentCardDocument`). */
export const agentCardSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    version: z.string(),
    url: z.string().describe('The MCP endpoint (spec "Agent endpoints"); A2A 0.3 reads it with `preferredTransport`'),
    preferredTransport: z.literal('MCP'),
    protocolVersion: z.string().describe('The 0.3 card format the top-level fields follow'),
    additionalInterfaces: z.array(z.object({ url: z.string(), transport: z.literal('JSONRPC') })).describe('A2A 0.3: the JSON-RPC interface at /a2a'),
    supportedInterfaces: z
      .array(z.object({ url: z.string(), protocolBinding: z.literal('JSONRPC'), protocolVersion: z.enum(a2aVersions) }))
      .describe('A2A 1.0: the JSON-RPC interface at /a2a, once per protocol version it answers'),
    documentationUrl: z.string(),
    capabilities: z.object({ streaming: z.literal(false), pushNotifications: z.literal(false), extendedAgentCard: z.literal(false) }),
    defaultInputModes: z.array(z.string()),
    defaultOutputModes: z.array(z.string()),
    skills: z
      .array(
        z.object({
          id: skillId,
          name: z.string(),
          description: z.string(),
          tags: z.array(z.string()),
          examples: z.array(z.string()),
          inputModes: z.array(z.string()),
          outputModes: z.array(z.string()),
        }),
      )
      .length(a2aSkills.length),
  })
  .meta({ id: 'AgentCard' });

import { z } from 'zod';
import { describeParamsIssues, paramsShapeProblem } from './json-rpc-params';

/**
 * The params of the methods POST /a2a accepts (A2A 1.0 names and 0.3
 * names), checked before the SDK reads them (lib/agents/a2a-transport.ts).
 * The SDK's 0.3 handler calls string methods on the ids it is given (a
 * number as `id` of `tasks/cancel` is answered -32603 "e.trim is not a
 * function"), its 1.0 handler turns any value into a string (`{}` becomes
 * the task "[object Object]"), and both recurse into what they convert. A
 * value of the wrong type is invalid params (JSON-RPC 2.0 §5.1: -32602),
 * with a sentence naming the member.
 *
 * The schemas type the members each method reads and leave the rest to the
 * SDK (unknown members pass, as the SDK ignores them). A2A 1.0's JSON is
 * the protobuf JSON mapping: every member may be null, or spelled with its
 * proto name (`task_id` for `taskId`), and an integer may come as a
 * string of digits.
 */

type Shape = Record<string, z.ZodType>;

const text = z.string();
const object = z.record(z.string(), z.unknown());
const strings = z.array(z.string());
/** proto3 JSON: int32 and int64 members take a number or a string of digits. */
const mustBeInteger = { error: 'must be an integer' };
const int = z.union([z.int(), z.string().regex(/^-?\d+$/, mustBeInteger)], mustBeInteger);

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A protobuf message as JSON: members nullable, also under their proto names; `required` ones present (not null) under their JSON name. */
function protoMessage(shape: Shape, required: readonly string[] = []) {
  const members: Shape = {};
  for (const [name, schema] of Object.entries(shape)) {
    members[name] = required.includes(name) ? schema : schema.nullish();
    const alias = snakeCase(name);
    if (alias !== name) members[alias] = schema.nullish();
  }
  return z.looseObject(members);
}

/** A2A 0.3's JSON (its own schema, not protobuf): optional members may be absent, not null. */
function legacyObject(shape: Shape, required: readonly string[] = []) {
  return z.looseObject(Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, required.includes(name) ? schema : schema.optional()])));
}

// ---------------------------------------------------------------- A2A 1.0

const part = protoMessage({ text, raw: text, url: text, data: z.unknown(), metadata: object, filename: text, mediaType: text });
const message = protoMessage({
  messageId: text,
  contextId: text,
  taskId: text,
  role: z.union([z.string(), z.int()]),
  parts: z.array(part),
  metadata: object,
  extensions: strings,
  referenceTaskIds: strings,
});
const configuration = protoMessage({ acceptedOutputModes: strings, taskPushNotificationConfig: object, historyLength: int, returnImmediately: z.boolean() });
const sendMessage = protoMessage({ tenant: text, message, configuration, metadata: object }, ['message']);
const taskRequest = (shape: Shape) => protoMessage({ tenant: text, id: text, ...shape }, ['id']);
const pushConfig = protoMessage({ tenant: text, id: text, taskId: text, url: text, token: text, authentication: object });
const pushConfigRequest = protoMessage({ tenant: text, taskId: text, id: text });

// ---------------------------------------------------------------- A2A 0.3

const legacyMessage = legacyObject({
  messageId: text,
  contextId: text,
  taskId: text,
  parts: z.array(object),
  metadata: object,
  extensions: strings,
  referenceTaskIds: strings,
});
const legacySend = legacyObject(
  { message: legacyMessage, configuration: legacyObject({ acceptedOutputModes: strings, historyLength: z.int(), blocking: z.boolean(), pushNotificationConfig: object }), metadata: object },
  ['message'],
);
const legacyTask = (shape: Shape = {}) => legacyObject({ id: text, metadata: object, ...shape }, ['id']);

/** The params schema of each method /a2a answers, by the name it is called with. */
const paramsSchemas: Readonly<Record<string, z.ZodType>> = {
  SendMessage: sendMessage,
  SendStreamingMessage: sendMessage,
  GetTask: taskRequest({ historyLength: int }),
  CancelTask: taskRequest({ metadata: object }),
  SubscribeToTask: taskRequest({}),
  ListTasks: protoMessage({
    tenant: text,
    contextId: text,
    status: z.union([z.string(), z.int()]),
    pageSize: int,
    pageToken: text,
    historyLength: int,
    statusTimestampAfter: text,
    includeArtifacts: z.boolean(),
  }),
  CreateTaskPushNotificationConfig: pushConfig,
  GetTaskPushNotificationConfig: pushConfigRequest,
  DeleteTaskPushNotificationConfig: pushConfigRequest,
  ListTaskPushNotificationConfigs: protoMessage({ tenant: text, taskId: text, pageSize: int, pageToken: text }),
  GetExtendedAgentCard: protoMessage({ tenant: text }),
  'message/send': legacySend,
  'message/stream': legacySend,
  'tasks/get': legacyTask({ historyLength: z.int() }),
  'tasks/cancel': legacyTask(),
  'tasks/resubscribe': legacyTask(),
  'tasks/pushNotificationConfig/set': legacyObject(
    { taskId: text, pushNotificationConfig: legacyObject({ url: text, id: text, token: text, authentication: object }) },
    ['taskId', 'pushNotificationConfig'],
  ),
  'tasks/pushNotificationConfig/get': legacyTask({ pushNotificationConfigId: text }),
  'tasks/pushNotificationConfig/list': legacyTask(),
  'tasks/pushNotificationConfig/delete': legacyTask({ pushNotificationConfigId: text }),
};

/** The methods whose params may be left out (the SDK reads none). */
const withoutParams = new Set(['GetExtendedAgentCard', 'agent/getAuthenticatedExtendedCard']);

/**
 * What is wrong with the params of a call of `method`; undefined when they
 * are valid or the method is not one of A2A's. Without params, the
 * members the method needs are named.
 */
export function a2aParamsProblem(method: string, params: unknown): string | undefined {
  const shape = paramsShapeProblem(method, params);
  if (shape) return shape;
  if (params === undefined && withoutParams.has(method)) return undefined;
  // Own members only: a method named `constructor` or `__proto__` is not a key of the table.
  const schema = Object.hasOwn(paramsSchemas, method) ? paramsSchemas[method] : undefined;
  if (!schema) return undefined;
  const checked = schema.safeParse(params ?? {});
  if (checked.success) return params === undefined ? `${method}: params is required (an object).` : undefined;
  return describeParamsIssues(method, checked.error.issues.map((issue) => ({ ...issue, path: ['params', ...issue.path] })));
}

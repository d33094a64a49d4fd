import { operations } from '@/lib/core/operations';

/**
 * The A2A skills and protocol versions, apart from lib/agents/a2a.ts: the
 * endpoint table and the docs read these, and the endpoint table is loaded
 * by proxy.ts and at server start, which must not load the A2A SDK.
 */

/** A skill of the operation table: its A2A id and MCP tool come from there, the door's own prose from here. */
function skill<const Op extends 'search' | 'install' | 'release'>(operation: Op, tags: readonly string[], examples: readonly string[]) {
  const { names } = operations[operation];
  return { id: names.a2a, tool: names.mcp, tags, examples };
}

/** The A2A skills: an id of the spec's, the tool it runs, and example requests (the card's `examples`). */
export const a2aSkills = [
  skill('search', ['documentation', 'search'], [
    'How do I hide the icons on my desktop?',
    'accordion padding',
    '{"skill":"search-docs","arguments":{"query":"wallpaper style","limit":3}}',
  ]),
  skill('install', ['install', 'desktops'], [
    'install the hacker desktop',
    'How do I install the layer?',
    '{"skill":"install-command","arguments":{"desktop":"minimal"}}',
  ]),
  skill('release', ['releases', 'download', 'macOS'], [
    'latest pounce release',
    'Which version of perch is the newest?',
    '{"skill":"latest-release","arguments":{"app":"perch"}}',
  ]),
] as const;
export type A2aSkillId = (typeof a2aSkills)[number]['id'];

/** The A2A protocol versions /a2a answers: 1.0 (`SendMessage`) and 0.3 (`message/send`). */
export const a2aVersions = ['1.0', '0.3'] as const;

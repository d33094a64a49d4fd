import type { ToolName } from './tools';

/**
 * The A2A skills and protocol versions, apart from lib/agents/a2a.ts: the
 * endpoint table and the docs read these, and the endpoint table is loaded
 * by proxy.ts and at server start, which must not load the A2A SDK.
 */

/** The A2A skills: an id of the spec's, the tool it runs, and example requests (the card's `examples`). */
export const a2aSkills = [
  {
    id: 'search-docs',
    tool: 'search_docs',
    tags: ['documentation', 'search'],
    examples: ['How do I hide the icons on my desktop?', 'accordion padding', '{"skill":"search-docs","arguments":{"query":"wallpaper style","limit":3}}'],
  },
  {
    id: 'install-command',
    tool: 'get_install_command',
    tags: ['install', 'desktops'],
    examples: ['install the hacker desktop', 'How do I install the layer?', '{"skill":"install-command","arguments":{"desktop":"minimal"}}'],
  },
  {
    id: 'latest-release',
    tool: 'get_latest_release',
    tags: ['releases', 'download', 'macOS'],
    examples: ['latest pounce release', 'Which version of perch is the newest?', '{"skill":"latest-release","arguments":{"app":"perch"}}'],
  },
] as const satisfies ReadonlyArray<{ id: string; tool: ToolName; tags: readonly string[]; examples: readonly string[] }>;
export type A2aSkillId = (typeof a2aSkills)[number]['id'];

/** The A2A protocol versions /a2a answers: 1.0 (`SendMessage`) and 0.3 (`message/send`). */
export const a2aVersions = ['1.0', '0.3'] as const;

import { namedOperations, operations, type DoorName, type OperationTable } from '@/lib/core/operations';

/**
 * The A2A skills and protocol versions, apart from lib/agents/a2a.ts: the
 * endpoint table and the docs read these, and the endpoint table is loaded
 * by proxy.ts and at server start, which must not load the A2A SDK.
 */

/** The A2A door's own words for the skill of one operation: the card's tags and example requests. */
interface SkillWords {
  tags: readonly string[];
  examples: readonly string[];
}

/** The door's words, by operation id, in the order the card lists their skills. */
const skillWords: Readonly<Record<string, SkillWords>> = {
  search: {
    tags: ['documentation', 'search'],
    examples: ['How do I hide the icons on my desktop?', 'accordion padding', '{"skill":"search-docs","arguments":{"query":"wallpaper style","limit":3}}'],
  },
  install: {
    tags: ['install', 'desktops'],
    examples: ['install the hacker desktop', 'How do I install the layer?', '{"skill":"install-command","arguments":{"desktop":"minimal"}}'],
  },
  release: {
    tags: ['releases', 'download', 'macOS'],
    examples: ['latest pounce release', 'Which version of perch is the newest?', '{"skill":"latest-release","arguments":{"app":"perch"}}'],
  },
};

/** A skill: its id as /docs/agents/a2a names it, the MCP tool it runs, and the card's tags and example requests. */
export interface A2aSkill {
  id: string;
  tool: string;
  tags: readonly string[];
  examples: readonly string[];
}

/**
 * The skills of a table (the site's, unless a test hands a copy): one per
 * operation with an A2A name, running its MCP tool. Those the door has words
 * for come first, in the words' order; any other follows in the table's
 * order, tagged with its operation's id (a card's skill needs a tag) and
 * its example request the operation's example as a data part.
 */
export function a2aSkillsOf(table: OperationTable = operations, words: Readonly<Record<string, SkillWords>> = skillWords): A2aSkill[] {
  const named = namedOperations(table, 'a2a');
  const rank = (id: string) => (id in words ? Object.keys(words).indexOf(id) : Object.keys(words).length);
  return named
    .map((entry, position) => ({ ...entry, position }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.position - b.position)
    .map(({ id, spec }) => {
      const { a2a: skill, mcp: tool } = spec.names;
      if (!tool) throw new Error(`operation ${id} has an A2A name and no MCP tool for its skill to run`);
      const own = words[id];
      return {
        id: skill!,
        tool,
        tags: own?.tags ?? [id],
        examples: own?.examples ?? [JSON.stringify({ skill, arguments: spec.example })],
      };
    });
}

export type A2aSkillId = DoorName<'a2a'>;

/** The site's skills. */
export const a2aSkills = a2aSkillsOf() as readonly (A2aSkill & { id: A2aSkillId })[];

/** The A2A protocol versions /a2a answers: 1.0 (`SendMessage`) and 0.3 (`message/send`). */
export const a2aVersions = ['1.0', '0.3'] as const;

import { appRepositoryUrl, apps, desktops, installLine, layerInstallLine, rooms } from '@/lib/catalog';
import { discovery, docsMarkdownUrl, docsPageUrl, downloadRoute, v1 } from '@/lib/routes';
import { siteDescription, siteName } from '@/lib/site';

/**
 * The domain in one markdown page (/docs/agents/discovery, "Agent mode":
 * /index.md and /agent.txt, byte-identical, and `/` in agent mode): what the
 * layer is, the install lines, the apps with their download and release
 * URLs, the rooms with their pages and `.md` twins, and every machine entry
 * point, one line each. Facts come from lib/catalog; the entry points'
 * lines come from the endpoint table (passed in by
 * lib/endpoints/handlers/discovery-handlers.ts), so nothing is written here a second time.
 * Every URL is absolute: an agent may read the page far from the site.
 */
export interface EntryPoint {
  /** Absolute or site-relative URL. */
  url: string;
  /** One line: what the entry point is for. */
  line: string;
}

export interface AgentPageInput {
  origin: string;
  entryPoints: readonly EntryPoint[];
}

export function agentPage({ origin, entryPoints }: AgentPageInput): string {
  const at = (path: string) => (path.startsWith('http') ? path : `${origin}${path}`);
  const lines: string[] = [
    `# ${siteName}`,
    '',
    `> ${siteDescription}`,
    '',
    `This is the whole site in one markdown page, for agents. The same bytes are served at ${at(discovery.agentPage)}, ${at(discovery.agentText)} and ${origin}/ (with \`?mode=agent\`, with \`Accept: text/markdown\`, or to an AI agent's user agent). Everything is public and anonymous: no key, no account (${at(discovery.auth)}).`,
    '',
    '## What the layer is',
    '',
    `The layer rebuilds a whole Mac from one text file: options grouped by room, applied with \`layer rebuild\`; every option is optional and the defaults are a complete system. Documentation: ${at(docsPageUrl([]))} (markdown: ${at(docsMarkdownUrl([]))}).`,
    '',
    '## Install',
    '',
    `- The layer, asking which desktop to build: \`${layerInstallLine(origin)}\``,
    ...desktops.map((desktop) => `- The ${desktop.name} desktop: \`${installLine(desktop, origin)}\``),
    '',
    `Pin a release with \`?ref=v<YYYY.MM.DD>\` on any installer URL. Details: ${at(docsPageUrl(['install']))}.`,
    '',
    '## Apps',
    '',
    ...apps.map(
      (app) =>
        `- ${app.title} (\`${app.name}\`): ${app.blurb} Download: ${at(downloadRoute(app.name))}. Latest release (JSON): ${at(v1.release(app.name))}. Source: ${appRepositoryUrl(app)}. Docs: ${at(app.docsPath)}.`,
    ),
    '',
    '## Rooms',
    '',
    ...rooms.map(
      (room) =>
        `- [${room.title}](${at(room.docsPath)}) (markdown: ${at(docsMarkdownUrl(['rooms', room.id]))}): ${room.summary} Namespaces: ${room.namespaces.map((namespace) => `\`${namespace}\``).join(', ')}.`,
    ),
    '',
    '## Machine entry points',
    '',
    ...entryPoints.map((entry) => `- ${at(entry.url)}: ${entry.line}`),
    '',
  ];
  return lines.join('\n');
}

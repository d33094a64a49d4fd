import { BookOpenIcon, BotIcon, BracesIcon, LayoutGridIcon, TerminalIcon, TextIcon } from '@/components/icons';
import { SoftNavigation } from '@/components/docs/soft-navigation';
import { docsPageUrl } from '@/lib/routes';

/** The documentation's main sections, as the home page and the 404 page offer them. */
const docsSections = [
  { title: 'Introduction', href: docsPageUrl([]), text: 'What the layer is and the rules every option follows.', Icon: BookOpenIcon },
  { title: 'Install', href: docsPageUrl(['install']), text: 'Installers, pinned releases and app downloads.', Icon: TerminalIcon },
  { title: 'Rooms', href: docsPageUrl(['rooms']), text: 'The options of the documented rooms, each with its type and default.', Icon: LayoutGridIcon },
  { title: 'Options', href: docsPageUrl(['options']), text: 'Every option in one table, filtered by room, mark or name.', Icon: TextIcon },
  { title: 'API', href: docsPageUrl(['api']), text: 'JSON, search and plain-text views for programs.', Icon: BracesIcon },
  { title: 'Agents', href: docsPageUrl(['agents']), text: 'The MCP server, /ask, the A2A agent and discovery.', Icon: BotIcon },
] as const;

/** The sections as a grid of cards; `headingId` names the list by its heading. */
export function DocsSectionCards({ headingId }: { headingId: string }) {
  return (
    <SoftNavigation aria-labelledby={headingId}>
      <ul className="grid list-none gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3">
        {docsSections.map(({ title, href, text, Icon }) => (
          <li key={href}>
            <a
              href={href}
              className="flex h-full flex-col gap-1 rounded-lg border border-fd-border bg-fd-card p-4 text-start transition-colors hover:bg-fd-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary"
            >
              <span className="inline-flex items-center gap-2 font-semibold text-fd-foreground">
                <Icon aria-hidden className="size-4" />
                {title}
              </span>
              <span className="text-sm text-neutral-600 dark:text-neutral-400">{text}</span>
            </a>
          </li>
        ))}
      </ul>
    </SoftNavigation>
  );
}

/**
 * The sections as a short list of links: the 404 page's. Next writes the
 * root 404 page into every page's RSC payload (it is the root layout's
 * not-found boundary), so it stays a few bytes: titles only.
 */
export function DocsSectionLinks({ headingId }: { headingId: string }) {
  return (
    <SoftNavigation aria-labelledby={headingId}>
      <ul className="flex list-none flex-wrap gap-2 p-0">
        {docsSections.map(({ title, href }) => (
          <li key={href}>
            <a href={href} className="section-link">
              {title}
            </a>
          </li>
        ))}
      </ul>
    </SoftNavigation>
  );
}

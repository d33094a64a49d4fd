import type { ReactNode } from 'react';
import { FileTextIcon, MessageCircleIcon, PlugIcon, SquarePenIcon } from '@/components/icons';
import { mcpInstallLinks } from '@/lib/agents/mcp-client-config';
import { openInLinks } from '@/lib/docs/open-in-links';
import { env, publicOrigin } from '@/lib/env';
import { mcp } from '@/lib/routes';
import { CopyMarkdownButton } from './copy-markdown-button';

export const actionLink =
  'inline-flex items-center gap-2 rounded-md border px-2 py-1.5 text-xs font-medium text-fd-muted-foreground transition-colors hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary';

/**
 * A link to another site, opened in a new tab: the reader keeps the page.
 * `noopener noreferrer`: the other site gets no handle on this tab and no
 * Referer. The new tab is said in words too, for screen readers.
 */
export function NewTabLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The actions in the row under a docs page's title, as leading docs sites have them
 * (Fumadocs UI's page actions): copy the page's markdown, view it, open a
 * chat that reads it in ChatGPT or Claude, edit the page; on the MCP page,
 * also add the site's MCP server to Cursor or VS Code in one click.
 *
 * Server-rendered plain links: no script but the copy button's, nothing
 * drawn after load. Absolute URLs carry the public origin of the build
 * (the docs pages are prerendered). On a phone the row wraps to two lines;
 * the "Open in " and "Add to " of the external links hide visually there
 * and stay in each link's name.
 */
export function PageActions({ pageUrl, markdownUrl, editUrl }: { pageUrl: string; markdownUrl: string; editUrl: string }) {
  const origin = publicOrigin(env());
  return (
    <>
      <CopyMarkdownButton markdownUrl={markdownUrl} />
      {/* Plain links: a text view and another site are never prefetched. */}
      <a href={markdownUrl} className={actionLink}>
        <FileTextIcon className="size-3.5" />
        View as Markdown
      </a>
      {openInLinks(`${origin}${markdownUrl}`).map(({ assistant, href }) => (
        <NewTabLink key={assistant} href={href} className={actionLink}>
          <MessageCircleIcon className="size-3.5" />
          <span>
            <span className="max-sm:sr-only">Open in </span>
            {assistant}
          </span>
        </NewTabLink>
      ))}
      {pageUrl === mcp.docs &&
        mcpInstallLinks(origin).map(({ editor, web }) => (
          <NewTabLink key={editor} href={web} className={actionLink}>
            <PlugIcon className="size-3.5" />
            <span>
              <span className="max-sm:sr-only">Add to </span>
              {editor}
            </span>
          </NewTabLink>
        ))}
      <a href={editUrl} className={actionLink}>
        <SquarePenIcon className="size-3.5" />
        Edit on GitHub
      </a>
    </>
  );
}

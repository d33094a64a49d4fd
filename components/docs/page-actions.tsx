import type { ReactNode } from 'react';
import { FileTextIcon, SquarePenIcon } from '@/components/icons';
import { mcpInstallLinks } from '@/lib/agents/mcp-client-config';
import { openInLinks } from '@/lib/docs/open-in-links';
import { env, publicOrigin } from '@/lib/env';
import { mcp } from '@/lib/routes';
import { CopyMarkdownButton } from './copy-markdown-button';

// `.page-action` and `.page-action-group` (app/repeated-elements.css): named once, since every page carries them twice (its HTML and its RSC payload).
const actionLink = 'page-action';

/**
 * A link to another site, opened in a new tab: the reader keeps the page.
 * `noopener noreferrer`: the other site gets no handle on this tab and no
 * Referer. The new tab is said in words too, for screen readers.
 */
export function NewTabLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}


/**
 * Links to other sites that share a verb: "Open in [ChatGPT | Claude]", the
 * links drawn as one control after the verb. The verb is written once for
 * the eye and is part of each link's own name ("Open in ChatGPT"), so a
 * screen reader hears it with each link and not once more before them. One
 * flex item: the row never breaks inside it.
 */
function LinkGroup({ verb, links }: { verb: string; links: { label: string; href: string }[] }) {
  return (
    <span className="page-action-group">
      <span aria-hidden="true">{verb}</span>
      <span>
        {links.map(({ label, href }) => (
          <NewTabLink key={label} href={href}>
            <span className="sr-only">{verb} </span>
            {label}
          </NewTabLink>
        ))}
      </span>
    </span>
  );
}

/**
 * The actions in the row under a docs page's title, as leading docs sites
 * have them (Fumadocs UI's page actions): copy the page's markdown, view
 * it, open a chat that reads it in ChatGPT or Claude, edit the page; on
 * the MCP page, then, add the site's MCP server to Cursor or VS Code in one
 * click.
 *
 * Server-rendered plain links: no script but the copy button's, nothing
 * drawn after load. Absolute URLs carry the public origin of the build
 * (the docs pages are prerendered).
 */
export function PageActions({ pageUrl, markdownUrl, editUrl }: { pageUrl: string; markdownUrl: string; editUrl: string }) {
  const origin = publicOrigin(env());
  return (
    <>
      <CopyMarkdownButton markdownUrl={markdownUrl} />
      {/* Plain links: a text view and another site are never prefetched. */}
      <a href={markdownUrl} className={actionLink}>
        <FileTextIcon />
        View as Markdown
      </a>
      <LinkGroup verb="Open in" links={openInLinks(`${origin}${markdownUrl}`).map(({ assistant, href }) => ({ label: assistant, href }))} />
      <a href={editUrl} className={actionLink}>
        <SquarePenIcon />
        Edit on GitHub
      </a>
      {/* Last: the one action about the site rather than the page. */}
      {pageUrl === mcp.docs && (
        <LinkGroup verb="Add to" links={mcpInstallLinks(origin).map(({ editor, web }) => ({ label: editor, href: web }))} />
      )}
    </>
  );
}

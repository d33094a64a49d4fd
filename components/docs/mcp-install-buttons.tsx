import type { ComponentProps } from 'react';
import { PlugIcon } from '@/components/icons';
import { mcpInstallLinks } from '@/lib/agents/mcp-client-config';
import { env, publicOrigin } from '@/lib/env';
import { DocsLink } from './mdx-parts';
import { NewTabLink } from './page-actions';

// The links <McpClientConfig client="install" /> writes (lib/docs-build/remark-agents.ts),
// for the origin the page was built with.
const installLinks = mcpInstallLinks(publicOrigin(env()));

const installButton =
  'not-prose inline-flex items-center gap-1.5 rounded-md bg-fd-primary px-3 py-1.5 text-sm font-medium text-fd-primary-foreground no-underline hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary';

/**
 * Links of the MCP page (/docs/agents/mcp): an editor's one-click install
 * link becomes a button that opens it in a new tab; any other link renders
 * as everywhere else. The page's text, and so its markdown twin, keeps the
 * plain links.
 */
export function McpPageLink(props: ComponentProps<'a'>) {
  const install = installLinks.find((candidate) => candidate.web === props.href);
  if (!install) return <DocsLink {...props} />;
  return (
    <NewTabLink href={install.web} className={installButton}>
      <PlugIcon className="size-4" />
      {props.children}
    </NewTabLink>
  );
}

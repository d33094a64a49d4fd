import { mcp } from '@/lib/routes';

/**
 * How an MCP client reaches the site's servers (/docs/agents/mcp, "Connect": `svc`
 * at /mcp, `svc-docs` at /mcp/docs), written once for everything that tells a
 * client: the servers' identity in lib/agents/mcp-server.ts, /mcp.json and
 * its flat twin (mcp-documents.ts), the client snippets of the MCP docs page
 * (lib/docs-build/remark-agents.ts), and the one-click install links of that
 * page and of its page actions (components/docs/page-actions.tsx).
 *
 * No SDK here (mcp-server.ts loads it): the docs page builds its links from
 * this module alone.
 */

/** Each server's name (serverInfo.name) and where its transport answers; the first path is the canonical URL. */
export const mcpServerAddresses = {
  svc: { name: 'svc', paths: [mcp.transport, mcp.wellKnownTransport] },
  'svc-docs': { name: 'svc-docs', paths: [mcp.docsTransport] },
} as const;
export type McpServerName = keyof typeof mcpServerAddresses;

/** A remote server as a client configures it: a name and one URL. */
export interface RemoteMcpServer {
  name: McpServerName;
  url: string;
}

export function remoteMcpServer(origin: string, name: McpServerName = 'svc'): RemoteMcpServer {
  const server = mcpServerAddresses[name];
  return { name: server.name, url: `${origin}${server.paths[0]}` };
}

/** A remote server's entry in each client's own configuration file. */
export const clientEntry = {
  /** Agent Plugins 1.0 `mcp.json` (this site's /mcp.json): a `streamable-http` server. */
  plugin: (server: RemoteMcpServer) => ({ type: 'streamable-http' as const, url: server.url }),
  /** Cursor's `mcp.json` (an `mcpServers` map): the URL alone. */
  cursor: (server: RemoteMcpServer) => ({ url: server.url }),
  /** VS Code's `.vscode/mcp.json` (a `servers` map): the transport named `http`. */
  vscode: (server: RemoteMcpServer) => ({ type: 'http' as const, url: server.url }),
};

/** Claude Code's one command for a remote server. */
export const claudeCodeCommand = (server: RemoteMcpServer) => `claude mcp add --transport http ${server.name} ${server.url}`;

/** One editor's one-click install of a server. */
export interface McpInstallLink {
  editor: 'Cursor' | 'VS Code';
  /** A web page of the editor's maker that hands the install to the editor: works from any browser. */
  web: string;
  /** The editor's own URL scheme: opens it directly where it is installed. */
  deeplink: string;
}

/**
 * Cursor, "MCP Install Links" (cursor.com/docs/mcp/install-links):
 * `cursor://anysphere.cursor-deeplink/mcp/install?name=NAME&config=BASE64`,
 * BASE64 being the base64 of the server's `mcp.json` entry as JSON. The
 * page's link generator also gives a web link,
 * `https://cursor.com/en/install-mcp` with the same two parameters, which a
 * browser opens without Cursor registered and which then opens Cursor.
 */
export function cursorInstallLink(server: RemoteMcpServer): McpInstallLink {
  const query = new URLSearchParams({
    name: server.name,
    config: Buffer.from(JSON.stringify(clientEntry.cursor(server)), 'utf8').toString('base64'),
  });
  return {
    editor: 'Cursor',
    web: `https://cursor.com/en/install-mcp?${query}`,
    deeplink: `cursor://anysphere.cursor-deeplink/mcp/install?${query}`,
  };
}

/**
 * VS Code, "MCP developer guide", MCP URL handler
 * (code.visualstudio.com/docs/copilot/guides/mcp-developer-guide):
 * `vscode:mcp/install?` followed by the URL-encoded JSON of the object
 * `code --add-mcp` takes (`{ name, type, url }` for a remote server). A web
 * page cannot count on the `vscode:` scheme being registered, so the web link
 * hands that very URL to vscode.dev's redirect page
 * (`https://insiders.vscode.dev/redirect?url=…`, as Microsoft's Playwright
 * MCP server links its own install), which opens VS Code.
 */
export function vscodeInstallLink(server: RemoteMcpServer): McpInstallLink {
  const deeplink = `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: server.name, ...clientEntry.vscode(server) }))}`;
  return { editor: 'VS Code', web: `https://insiders.vscode.dev/redirect?url=${encodeURIComponent(deeplink)}`, deeplink };
}

/**
 * The one-click installs the docs offer: `svc` only, in Cursor and in VS
 * Code. `svc` has every tool, `search_docs` included, so `svc-docs` (a
 * server for clients that should only search) is left to the snippets.
 */
export function mcpInstallLinks(origin: string): McpInstallLink[] {
  const server = remoteMcpServer(origin);
  return [cursorInstallLink(server), vscodeInstallLink(server)];
}

/**
 * The DNS records that advertise the agent doors (/docs/agents/discovery,
 * "DNS records"), as zone-file lines in RFC 9460 presentation format: SVCB
 * records in ServiceMode under `_agents.<domain>`, following the DNS-AID
 * agent-discovery draft (draft-mozleywilliams-dnsop-dnsaid):
 *
 * - `_index._agents.<domain>` points at the discovery catalog
 *   (/.well-known/ai-catalog.json), fetched over HTTPS (alpn h2, http/1.1);
 * - `_mcp._agents.<domain>` names the MCP server, alpn `mcp`, with the MCP
 *   server card as its capability document;
 * - `_a2a._agents.<domain>` names the A2A agent, alpn `a2a`, with the agent
 *   card as its capability document.
 *
 * Each carries port 443 and the draft's two private-use keys (RFC 9460
 * §14.3.1, keyNNNNN): key65400 (`cap`), the absolute URL of the capability
 * document, and key65409 (`well-known`), the same document as its suffix
 * under /.well-known/. The target is the domain itself: the `_agents`
 * owner names have no addresses.
 *
 * Pure and import-free, so `npm run dns-records -- <domain>`
 * (scripts/dns-records.mjs) runs this very file on Node's type stripping,
 * without a build; the docs page shows the same lines for the configured
 * origin at build time.
 */

export interface DnsRecordPaths {
  /** The discovery catalog, e.g. `/.well-known/ai-catalog.json`. */
  catalog: string;
  /** The MCP server card, e.g. `/.well-known/mcp/server-card.json`. */
  serverCard: string;
  /** The A2A agent card, e.g. `/.well-known/agent-card.json`. */
  agentCard: string;
}

export interface AgentDnsRecord {
  /** Owner name, absolute (trailing dot). */
  owner: string;
  ttl: number;
  type: 'SVCB';
  priority: number;
  target: string;
  params: {
    alpn: string[];
    port: number;
    /** key65400, DNS-AID `cap`: the capability document's URL. */
    key65400: string;
    /** key65409, DNS-AID `well-known`: its suffix under /.well-known/. */
    key65409: string;
  };
}

const agentDnsTtl = 3600;
const wellKnown = '/.well-known/';

/** RFC 1035 §2.3.1 host names (letters, digits, hyphens; labels of 1–63), at most 253 characters. */
const hostName = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export class DnsDomainError extends Error {
  override name = 'DnsDomainError';
}

/** `Example.COM.` → `example.com`; throws a DnsDomainError naming what is wrong. */
export function normalizeDomain(input: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  if (!hostName.test(domain) || !domain.includes('.')) {
    throw new DnsDomainError(
      `"${input.slice(0, 100)}" is not a domain name: give a name such as example.com (letters, digits and hyphens, labels separated by dots; no scheme, port or path).`,
    );
  }
  return domain;
}

function suffixOf(path: string): string {
  if (!path.startsWith(wellKnown)) throw new Error(`${path} is not under ${wellKnown}`);
  return path.slice(wellKnown.length);
}

/** The three records, in the order `_index`, `_mcp`, `_a2a`. */
export function agentDnsRecords(domainInput: string, paths: DnsRecordPaths): AgentDnsRecord[] {
  const domain = normalizeDomain(domainInput);
  const record = (label: string, alpn: string[], path: string): AgentDnsRecord => ({
    owner: `${label}._agents.${domain}.`,
    ttl: agentDnsTtl,
    type: 'SVCB',
    priority: 1,
    target: `${domain}.`,
    params: { alpn, port: 443, key65400: `https://${domain}${path}`, key65409: suffixOf(path) },
  });
  return [
    record('_index', ['h2', 'http/1.1'], paths.catalog),
    record('_mcp', ['mcp'], paths.serverCard),
    record('_a2a', ['a2a'], paths.agentCard),
  ];
}

/**
 * One record as a zone-file line. Values are quoted character-strings
 * (RFC 9460 §2.1); none of them can hold a quote or a backslash, because
 * the domain is a host name and the paths are the site's own.
 */
function zoneLine(record: AgentDnsRecord): string {
  const { alpn, port, key65400, key65409 } = record.params;
  const params = [`alpn="${alpn.join(',')}"`, `port=${port}`, `key65400="${key65400}"`, `key65409="${key65409}"`];
  return `${record.owner} ${record.ttl} IN ${record.type} ${record.priority} ${record.target} ${params.join(' ')}`;
}

/** The zone-file lines of the three records, one per line, ending with a newline. */
export function agentDnsZone(domain: string, paths: DnsRecordPaths): string {
  return `${agentDnsRecords(domain, paths).map(zoneLine).join('\n')}\n`;
}

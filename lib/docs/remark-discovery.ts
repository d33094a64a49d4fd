import type { BlockContent, Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { agentDnsZone, DnsDomainError, normalizeDomain } from '../discovery/dns-records';
import { parseEnv, publicOrigin } from '../env';
import { a2a, discovery, mcp } from '../routes';
import { inlineMarkdown, paragraph } from './mdast-builders';

/**
 * remark-discovery: replaces `<AgentDnsRecords />` in the docs with the DNS
 * records that advertise the agent doors (lib/discovery/dns-records.ts) for
 * the configured public origin (SITE_URL as it is at build time), the same
 * lines `npm run dns-records -- <domain>` prints. Never typed by hand: a
 * change of origin or of a path changes the page at the next build. An
 * origin whose host is not a public domain name (a development server on
 * localhost) gets the records of `example.com` and a sentence saying so.
 */
export const dnsRecordsElementName = 'AgentDnsRecords';
const placeholderDomain = 'example.com';

export interface RemarkDiscoveryOptions {
  /** Defaults to the deployment's public origin. */
  origin?: string;
}

export function dnsRecordsBlocks(origin: string): BlockContent[] {
  const host = new URL(origin).hostname;
  let domain = placeholderDomain;
  const blocks: BlockContent[] = [];
  try {
    domain = normalizeDomain(host);
  } catch (error) {
    if (!(error instanceof DnsDomainError)) throw error;
    blocks.push(
      paragraph(
        inlineMarkdown(`This build's origin, \`${origin}\`, has no public domain name, so the records are shown for \`${placeholderDomain}\`: run \`npm run dns-records -- <your domain>\` for yours.`),
      ),
    );
  }
  const zone = agentDnsZone(domain, { catalog: discovery.aiCatalog, serverCard: mcp.serverCard, agentCard: a2a.agentCard });
  blocks.push({ type: 'code', lang: 'text', value: zone.trimEnd() });
  return blocks;
}

function location(node: Nodes, file: VFile | undefined): string {
  const start = node.position?.start;
  return `${file?.path ?? '<input>'}${start ? `:${start.line}:${start.column}` : ''}`;
}

type Parent = Extract<Nodes, { children: unknown[] }>;

function transform(parent: Parent, origin: string, file: VFile | undefined): void {
  const children: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    const isElement = (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name === dnsRecordsElementName;
    if (isElement) {
      const element = child as MdxJsxFlowElement;
      if (child.type !== 'mdxJsxFlowElement') throw new Error(`${location(child, file)}: <${dnsRecordsElementName}> must stand on a line of its own`);
      if (element.attributes.length > 0 || element.children.length > 0) {
        throw new Error(`${location(child, file)}: <${dnsRecordsElementName}> takes no attributes and no children`);
      }
      children.push(...dnsRecordsBlocks(origin));
      continue;
    }
    if ('children' in child) transform(child, origin, file);
    children.push(child);
  }
  (parent as { children: Nodes[] }).children = children;
}

export default function remarkDiscovery(options: RemarkDiscoveryOptions = {}) {
  const origin = options.origin ?? publicOrigin(parseEnv(process.env));
  return (tree: Root, file?: VFile): void => transform(tree, origin, file);
}

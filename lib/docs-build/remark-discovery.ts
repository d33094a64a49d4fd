import type { BlockContent, Root } from 'mdast';
import type { VFile } from 'vfile';
import { agentDnsZone, DnsDomainError, normalizeDomain } from '../discovery/dns-records';
import { parseEnv, publicOrigin } from '../env';
import { agentDnsPaths } from '../routes';
import { elementLocation, inlineMarkdown, paragraph, replaceElements } from '@/lib/docs/mdast-builders';

/**
 * remark-discovery: replaces `<AgentDnsRecords />` in the docs with the DNS
 * records that advertise the agent doors (lib/discovery/dns-records.ts) for
 * the configured public origin (SITE_URL as it is at build time), the same
 * lines `npm run dns-records -- <domain>` prints. Never typed by hand: a
 * change of origin or of a path changes the page at the next build. An
 * origin whose host is not a public domain name (a development server on
 * localhost) gets the records of `example.com` and a sentence saying so.
 */
const dnsRecordsElementName = 'AgentDnsRecords';
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
  const zone = agentDnsZone(domain, agentDnsPaths);
  blocks.push({ type: 'code', lang: 'text', value: zone.trimEnd() });
  return blocks;
}

const isDnsRecordsElement = (name: string | null): name is typeof dnsRecordsElementName => name === dnsRecordsElementName;

export default function remarkDiscovery(options: RemarkDiscoveryOptions = {}) {
  const origin = options.origin ?? publicOrigin(parseEnv(process.env));
  return (tree: Root, file?: VFile): void =>
    replaceElements(tree, file, isDnsRecordsElement, {
      flow: (element) => {
        if (element.attributes.length > 0 || element.children.length > 0) {
          throw new Error(`${elementLocation(element, file)}: <${dnsRecordsElementName}> takes no attributes and no children`);
        }
        return dnsRecordsBlocks(origin);
      },
    });
}

import { describe, expect, it } from 'vitest';
import { agentDnsZone } from '@/lib/discovery/dns-records';
import { dnsRecordsBlocks } from '@/lib/docs-build/remark-discovery';
import { a2a, discovery, mcp } from '@/lib/routes';

// <AgentDnsRecords /> in the docs: the records of lib/discovery/dns-records.ts for the build's origin.
describe('remark-discovery', () => {
  const paths = { catalog: discovery.aiCatalog, serverCard: mcp.serverCard, agentCard: a2a.agentCard };

  it('shows the records of the configured origin, or of example.com for a development origin', () => {
    const forSite = dnsRecordsBlocks('https://layer.example');
    expect(forSite).toEqual([{ type: 'code', lang: 'text', value: agentDnsZone('layer.example', paths).trimEnd() }]);
    const forLocalhost = dnsRecordsBlocks('http://localhost:3000');
    expect(forLocalhost[0]!.type).toBe('paragraph');
    expect(forLocalhost[1]).toEqual({ type: 'code', lang: 'text', value: agentDnsZone('example.com', paths).trimEnd() });
  });
});

// `npm run dns-records -- <domain>`: prints the zone-file lines that
// advertise the agent doors under `_agents.<domain>` (/docs/agents/discovery,
// "DNS records"). The records are computed by lib/discovery/dns-records.ts itself,
// loaded with Node 24's type stripping (the `node` devDependency, which npm
// puts first on PATH for npm scripts), so nothing is built and nothing is
// written twice. Exit status 2 with a message for a missing or bad domain.
const [{ agentDnsZone, DnsDomainError }, { agentDnsPaths }] = await Promise.all([
  import('../lib/discovery/dns-records.ts'),
  import('../lib/routes.ts'),
]);

const domain = process.argv[2];
if (!domain || process.argv.length > 3) {
  console.error('usage: npm run dns-records -- <domain>   (for example: npm run dns-records -- example.com)');
  process.exit(2);
}
try {
  process.stdout.write(agentDnsZone(domain, agentDnsPaths));
} catch (error) {
  if (!(error instanceof DnsDomainError)) throw error;
  console.error(error.message);
  process.exit(2);
}

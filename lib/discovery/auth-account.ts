import { discovery, mcp, signatureDirectoryRoute } from '@/lib/routes';
import { siteName } from '@/lib/site';
import { bearerChallenge } from './oauth-refusals';

/**
 * /auth.md: the account of authentication (/docs/agents/discovery,
 * "Authentication"; /docs/install, "Signed outbound requests"),
 * written for a person and an agent alike. Every URL is absolute, because
 * the page is read out of context; the 401 challenge is the one
 * `bearerChallenge` builds, so the page cannot drift from the helper.
 */
export function authAccount(origin: string): string {
  const at = (path: string) => `${origin}${path}`;
  return [
    `# Authentication on ${siteName}`,
    '',
    `> Anonymous only. No endpoint of ${origin} asks for credentials, and there is no OAuth authorization server behind it.`,
    '',
    '## What a client sends',
    '',
    '- Nothing. No API key, no account, no token, no cookie, no signature. Send a request and read the answer.',
    '- Every endpoint is public and read-only; the POST endpoints only bundle reads. A per-client-IP rate limit applies (600 requests a minute); its `RateLimit-*` headers say where you stand.',
    `- The MCP endpoints (${at(mcp.transport)}, ${at(mcp.docsTransport)}, ${at(mcp.wellKnownTransport)}) and the discovery documents have open CORS: any origin may call them from a browser, and a preflight is answered for any origin.`,
    '',
    '## The OAuth documents, and why they refuse',
    '',
    'Clients that look for OAuth (an MCP client does) find documents that say "nothing to authorize" in their own formats, instead of 404s:',
    '',
    `- ${at(discovery.protectedResource)}: RFC 9728 protected-resource metadata. \`resource\` is ${origin}, \`resource_documentation\` is this page, \`authorization_servers\`, \`scopes_supported\` and \`bearer_methods_supported\` are empty.`,
    `- ${at(discovery.authorizationServer)}: RFC 8414 metadata of an issuer that grants nothing: \`issuer\` is ${origin}; no response types, grant types, response modes, client authentication methods, scopes or PKCE methods are supported (each an empty array, because an absent field would mean a default).`,
    `- ${at(discovery.authorize)}: answers 400 with the RFC 6749 error \`unauthorized_client\`, whatever the query. It never redirects, to a \`redirect_uri\` or anywhere else: no client is registered, and RFC 6749 §4.1.2.1 forbids redirecting for a client that cannot be verified.`,
    `- ${at(discovery.token)}: answers 400 with the RFC 6749 error \`unsupported_grant_type\` and \`Cache-Control: no-store\`, whatever the grant.`,
    `- ${at(discovery.jwks)}: an empty JWK Set, \`{"keys":[]}\`: no token is ever signed here.`,
    '',
    '## If an endpoint ever requires credentials',
    '',
    'It will answer 401 with a challenge that names the protected-resource metadata (RFC 6750 §3, RFC 9728 §5.1), so a client learns from the answer itself where to get a token:',
    '',
    '```http',
    'HTTP/1.1 401 Unauthorized',
    `WWW-Authenticate: ${bearerChallenge(origin)}`,
    '```',
    '',
    'No endpoint answers that today.',
    '',
    '## Requests the service itself sends',
    '',
    `When the service fetches an install script or a release from the code host on a client's behalf, it signs that outbound request with Web Bot Auth (HTTP Message Signatures, RFC 9421): \`Signature-Agent\` names its key directory, \`Signature-Input\` covers \`@authority\` and \`signature-agent\` under the tag \`web-bot-auth\`, and \`Signature\` carries the Ed25519 signature. The public keys are at ${at(signatureDirectoryRoute)}; when no signing key is installed, \`keys\` is empty there and those requests go out unsigned.`,
    '',
    '## Responses',
    '',
    'The service signs no responses. Nothing a client sends needs a signature, and nothing it receives carries one.',
    '',
  ].join('\n');
}

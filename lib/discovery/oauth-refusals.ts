import { z } from 'zod';
import { discovery } from '@/lib/routes';
import { siteName } from '@/lib/site';

/**
 * The OAuth documents of a host that authorizes nothing
 * (/docs/agents/discovery, "Authentication"): no endpoint
 * requires credentials and no authorization server stands behind the host.
 * They exist so that a client which probes for OAuth (an MCP client does,
 * MCP 2025-11-25 "Authorization") learns that in one request, in the
 * documents' own formats, instead of meeting 404s:
 *
 * - RFC 9728 protected-resource metadata: `resource` is this origin,
 *   `authorization_servers`, `scopes_supported` and
 *   `bearer_methods_supported` are empty (RFC 9728 §2: the empty array says
 *   no bearer method is supported);
 * - RFC 8414 authorization-server metadata of an issuer that grants nothing;
 * - the refusals of /oauth/authorize and /oauth/token (RFC 6749 errors);
 * - an empty JWK Set (RFC 7517 §5);
 * - the 401 an endpoint would answer if it ever required credentials
 *   (RFC 6750 §3 with RFC 9728 §5.1's `resource_metadata`), built and
 *   tested here, used by no endpoint today.
 */

const url = z.url();

// ------------------------------------------------------------ RFC 9728

export const protectedResourceMetadataSchema = z
  .object({
    resource: url.describe('This origin: the resource identifier the well-known suffix was appended to (RFC 9728 §3.3)'),
    resource_name: z.string(),
    resource_documentation: url.describe('/auth.md, the account of authentication'),
    authorization_servers: z.array(url).max(0).describe('Empty: no authorization server issues tokens for this host'),
    scopes_supported: z.array(z.string()).max(0).describe('Empty: no scope is required'),
    bearer_methods_supported: z.array(z.string()).max(0).describe('Empty: no way of presenting a token is supported (RFC 9728 §2)'),
  })
  .meta({ id: 'ProtectedResourceMetadata' });
export type ProtectedResourceMetadata = z.infer<typeof protectedResourceMetadataSchema>;

export function protectedResourceMetadata(origin: string): ProtectedResourceMetadata {
  return {
    resource: origin,
    resource_name: siteName,
    resource_documentation: `${origin}${discovery.auth}`,
    authorization_servers: [],
    scopes_supported: [],
    bearer_methods_supported: [],
  };
}

// ------------------------------------------------------------ RFC 8414

/**
 * RFC 8414 §2 metadata, every field chosen so a client reads "nothing is
 * granted here". `issuer` is this origin (§3.3: it must equal the issuer
 * identifier the document was fetched for). `response_types_supported` is
 * required and empty. `grant_types_supported` and `response_modes_supported`
 * are given as empty arrays because omitting them means defaults
 * (`authorization_code` and `implicit`; `query` and `fragment`).
 * `authorization_endpoint` and `token_endpoint` name the two refusals, so a
 * client that follows them meets a protocol error, not a 404.
 * `code_challenge_methods_supported` is empty (RFC 7636 §4.3: no PKCE),
 * `token_endpoint_auth_methods_supported` empty (no client can
 * authenticate: none is registered), and no `registration_endpoint` is
 * given (RFC 7591 dynamic registration is not offered).
 */
export const authorizationServerMetadataSchema = z
  .object({
    issuer: url.describe('This origin (RFC 8414 §3.3)'),
    authorization_endpoint: url.describe('/oauth/authorize, which refuses every request'),
    token_endpoint: url.describe('/oauth/token, which answers `unsupported_grant_type`'),
    jwks_uri: url.describe('/.well-known/jwks.json, an empty key set'),
    response_types_supported: z.array(z.string()).max(0).describe('Required by RFC 8414; empty: no response type is supported'),
    response_modes_supported: z.array(z.string()).max(0).describe('Empty (omitted would mean `query` and `fragment`)'),
    grant_types_supported: z.array(z.string()).max(0).describe('Empty (omitted would mean `authorization_code` and `implicit`)'),
    token_endpoint_auth_methods_supported: z.array(z.string()).max(0).describe('Empty: no client is registered, so none can authenticate'),
    scopes_supported: z.array(z.string()).max(0).describe('Empty: there is nothing to grant'),
    code_challenge_methods_supported: z.array(z.string()).max(0).describe('Empty: no PKCE (RFC 7636)'),
    service_documentation: url.describe('/auth.md'),
  })
  .meta({ id: 'AuthorizationServerMetadata' });
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadataSchema>;

export function authorizationServerMetadata(origin: string): AuthorizationServerMetadata {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${discovery.authorize}`,
    token_endpoint: `${origin}${discovery.token}`,
    jwks_uri: `${origin}${discovery.jwks}`,
    response_types_supported: [],
    response_modes_supported: [],
    grant_types_supported: [],
    token_endpoint_auth_methods_supported: [],
    scopes_supported: [],
    code_challenge_methods_supported: [],
    service_documentation: `${origin}${discovery.auth}`,
  };
}

// ------------------------------------------------------------ RFC 6749 refusals

export const oauthErrorSchema = z
  .object({
    error: z.enum(['unauthorized_client', 'unsupported_grant_type']).describe('RFC 6749 error code'),
    error_description: z.string(),
    error_uri: url.describe('/auth.md'),
  })
  .meta({ id: 'OAuthError' });
type OAuthError = z.infer<typeof oauthErrorSchema>;

export interface OAuthRefusal {
  status: number;
  body: OAuthError;
}

/**
 * GET /oauth/authorize. RFC 6749 §4.1.2.1: when the client cannot be
 * verified (here: no client is registered at all), the server must not
 * redirect to the `redirect_uri` it was given and informs the user
 * instead. So the refusal is a direct 400 whatever the query says, with
 * `unauthorized_client` (§4.1.2.1: "The client is not authorized to request
 * an authorization code using this method"): 400 rather than 403 because
 * OAuth's own error responses are 400s (§5.2) and no user was ever asked.
 */
export function authorizeRefusal(origin: string): OAuthRefusal {
  return {
    status: 400,
    body: {
      error: 'unauthorized_client',
      error_description:
        'This host has no OAuth clients and authorizes nothing: every endpoint is public and anonymous. Nothing is redirected. See error_uri.',
      error_uri: `${origin}${discovery.auth}`,
    },
  };
}

/** POST /oauth/token. RFC 6749 §5.2: 400 `unsupported_grant_type`, whatever the grant. */
export function tokenRefusal(origin: string): OAuthRefusal {
  return {
    status: 400,
    body: {
      error: 'unsupported_grant_type',
      error_description: 'This host issues no tokens: every endpoint is public and anonymous. See error_uri.',
      error_uri: `${origin}${discovery.auth}`,
    },
  };
}

/**
 * RFC 6749 §5.1 (and §5.2 by reference to the same rules): token endpoint
 * answers carry `Cache-Control: no-store` and `Pragma: no-cache`. The
 * authorize refusal gets the same, since it depends on nothing cacheable.
 */
export const oauthRefusalHeaders = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

// ------------------------------------------------------------ RFC 7517

export const jwkSetSchema = z
  .object({ keys: z.array(z.record(z.string(), z.unknown())).max(0).describe('Empty: the host signs no tokens') })
  .meta({ id: 'EmptyJwkSet' });
export const emptyJwkSet = (): z.infer<typeof jwkSetSchema> => ({ keys: [] });

// ------------------------------------------------------------ RFC 6750 + RFC 9728 §5.1

/** The `WWW-Authenticate` challenge of a 401 (RFC 6750 §3; `resource_metadata` from RFC 9728 §5.1). */
export function bearerChallenge(origin: string, options: { error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope'; description?: string } = {}): string {
  const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
  const params = [`resource_metadata=${quoted(`${origin}${discovery.protectedResource}`)}`];
  if (options.error) params.push(`error=${quoted(options.error)}`);
  if (options.description) params.push(`error_description=${quoted(options.description)}`);
  return `Bearer ${params.join(', ')}`;
}

/**
 * The 401 an endpoint answers if it ever requires credentials (RFC 9728
 * §5.1): a problem document whose `WWW-Authenticate` names
 * the protected-resource metadata, where a client learns how to get a
 * token. No endpoint uses it today; it is unit-tested so the day one does,
 * the answer is already right.
 */
export function unauthorizedResponse(origin: string, detail: string, options: Parameters<typeof bearerChallenge>[1] = {}): Response {
  // No problem code exists for it yet (none is answered): the type is the
  // page that explains authentication, which resolves on this host.
  const problem = {
    type: discovery.auth,
    title: 'Unauthorized',
    status: 401,
    detail,
    code: 'unauthorized',
  };
  return new Response(JSON.stringify(problem), {
    status: 401,
    headers: {
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      'WWW-Authenticate': bearerChallenge(origin, options),
    },
  });
}

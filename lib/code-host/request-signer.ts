import { createPrivateKey, createPublicKey, type JsonWebKey as NodeJsonWebKey, type KeyObject } from 'node:crypto';
import {
  helpers,
  jwkToKeyID,
  signatureHeaders,
  SIGNATURE_AGENT_HEADER,
  type Signer,
} from 'web-bot-auth';
import { signerFromJWK } from 'web-bot-auth/crypto';

/**
 * Web Bot Auth for the service's outbound requests to the code host
 * (/docs/install, "Signed outbound requests";
 * draft-meunier-web-bot-auth-architecture, RFC 9421). Each request carries
 * `Signature-Agent`, and a `Signature-Input` covering `@authority` and
 * `signature-agent` with tag `web-bot-auth`, `created`, `expires`, `nonce`
 * and `keyid` (the key's RFC 7638 JWK thumbprint), plus the matching
 * `Signature`. The service signs no responses.
 */

/** Signatures are short-lived: a replayed request stops verifying after a minute. */
export const signatureLifetimeMs = 60_000;

/** The public half of the key as published in the signature directory. */
interface PublicSigningKey {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  /** RFC 7638 thumbprint; equals the `keyid` of every signature. */
  kid: string;
}

/** The body of /.well-known/http-message-signatures-directory: a JWK Set (http-message-sig's `Directory`). */
interface SignatureDirectory {
  keys: PublicSigningKey[];
}

export interface RequestSigner {
  /** True when a key is installed and requests are signed. */
  readonly enabled: boolean;
  /** The `Signature-Agent` value sent with signed requests (an sf-string). */
  readonly signatureAgent: string;
  /** Returns the request with the signature headers added; unchanged when no key is installed. */
  signRequest(request: Request, now: number): Promise<Request>;
  /** The JWK Set to publish; `keys` is empty when no key is installed. */
  publicDirectory(): Promise<SignatureDirectory>;
}

export interface RequestSignerOptions {
  /** The WEB_BOT_AUTH_PRIVATE_KEY value: an Ed25519 private JWK as JSON, or undefined. */
  privateKeyJwk: string | undefined;
  /** Absolute URL of the signature directory named by `Signature-Agent`. */
  signatureAgentUrl: string;
}

/** Raised at startup for an unusable key; the message never repeats the key. */
export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
  constructor(problem: string) {
    super(`WEB_BOT_AUTH_PRIVATE_KEY ${problem}. Expected an Ed25519 private JWK: {"kty":"OKP","crv":"Ed25519","x":"…","d":"…"}.`);
  }
}

/** 32 bytes in unpadded base64url: 42 characters, then one whose low 2 bits are zero. */
const ed25519KeyPart = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

interface Ed25519PrivateJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  d: string;
}

/**
 * Parses and checks the key synchronously so a bad key fails when the
 * service starts, not on the first outbound request. Errors name the
 * variable but never include its value (JSON.parse messages quote input).
 */
function parseSigningKey(text: string): Ed25519PrivateJwk {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SigningKeyError('is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SigningKeyError('is not a JSON object');
  }
  const jwk = value as Record<string, unknown>;
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') throw new SigningKeyError('is not an OKP key on curve Ed25519');
  if (typeof jwk.d !== 'string' || jwk.d === '') throw new SigningKeyError('has no private part "d"');
  if (typeof jwk.x !== 'string' || jwk.x === '') throw new SigningKeyError('has no public part "x"');
  // Node's base64url decoder skips stray characters, so check the encoding here (RFC 8037 §2: 32-byte values).
  if (!ed25519KeyPart.test(jwk.d) || !ed25519KeyPart.test(jwk.x)) {
    throw new SigningKeyError('has "x" or "d" that is not 32 bytes of unpadded base64url');
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d } as NodeJsonWebKey, format: 'jwk' });
  } catch {
    throw new SigningKeyError('cannot be imported as an Ed25519 private key');
  }
  // A JWK whose "x" does not belong to "d" would publish a key that verifies nothing.
  const derived = createPublicKey(privateKey).export({ format: 'jwk' });
  if (derived.x !== jwk.x) throw new SigningKeyError('has a public part "x" that does not match "d"');
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d };
}

/** Serialises a URL as an RFC 8941 sf-string, the form the draft gives `Signature-Agent`. */
function signatureAgentValue(url: string): string {
  // URL serialisation percent-encodes `"`; backslashes cannot survive it either.
  const href = new URL(url).href;
  return `"${href}"`;
}

export function createRequestSigner(options: RequestSignerOptions): RequestSigner {
  const signatureAgent = signatureAgentValue(options.signatureAgentUrl);
  if (!options.privateKeyJwk) {
    return {
      enabled: false,
      signatureAgent,
      signRequest: async (request) => request,
      publicDirectory: async () => ({ keys: [] }),
    };
  }

  const jwk = parseSigningKey(options.privateKeyJwk);
  // Imported once; web-bot-auth computes keyid as the RFC 7638 thumbprint.
  let signerPromise: Promise<Signer> | undefined;
  const loadSigner = () => (signerPromise ??= signerFromJWK(jwk));
  let publicKeyPromise: Promise<PublicSigningKey> | undefined;
  const loadPublicKey = () =>
    (publicKeyPromise ??= jwkToKeyID({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE).then(
      (kid) => ({ kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid }),
    ));

  return {
    enabled: true,
    signatureAgent,
    async signRequest(request, now) {
      const signer = await loadSigner();
      const headers = new Headers(request.headers);
      // Signature-Agent must be present before signing: web-bot-auth then
      // covers ("@authority" "signature-agent"), as the draft requires.
      headers.set(SIGNATURE_AGENT_HEADER, signatureAgent);
      const signed = await signatureHeaders({ method: request.method, url: request.url, headers }, signer, {
        created: new Date(now),
        expires: new Date(now + signatureLifetimeMs),
        // No nonce given: the library draws a fresh 64-byte nonce per request.
      });
      headers.set('Signature-Input', signed['Signature-Input']);
      headers.set('Signature', signed.Signature);
      return new Request(request, { headers });
    },
    async publicDirectory() {
      return { keys: [await loadPublicKey()] };
    },
  };
}

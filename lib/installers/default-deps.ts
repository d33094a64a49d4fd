import { createCodeHostClient, createRequestSigner, type CodeHostClient, type RequestSigner } from '@/lib/code-host';
import { env, publicOrigin, type Env } from '@/lib/env';
import { signatureDirectoryRoute } from '@/lib/routes';
import { systemClock, type Clock } from '@/lib/store/types';
import { createInstallerHandlers, installerMaxBytes } from './installer';
import { createSignatureDirectoryHandler } from './signature-directory';

/**
 * Default wiring from the environment, until the composition root
 * (lib/runtime.ts) takes it over: one signer and one code-host client per
 * process, built on first use. A malformed WEB_BOT_AUTH_PRIVATE_KEY throws
 * here, naming the variable.
 */
export interface CodeHostDeps {
  codeHost: CodeHostClient;
  signer: RequestSigner;
  clock: Clock;
}

/** Builds the signer and the code-host client from a parsed environment. */
export function buildCodeHostDeps(config: Env, clock: Clock = systemClock): CodeHostDeps {
  const signer = createRequestSigner({
    privateKeyJwk: config.WEB_BOT_AUTH_PRIVATE_KEY,
    // Without an explicit agent URL, point verifiers at this site's own directory.
    signatureAgentUrl: config.WEB_BOT_AUTH_SIGNATURE_AGENT ?? `${publicOrigin(config)}${signatureDirectoryRoute}`,
  });
  const codeHost = createCodeHostClient({
    apiUrl: config.GITHUB_API_URL,
    rawUrl: config.GITHUB_RAW_URL,
    token: config.GITHUB_TOKEN,
    signer,
    clock,
    maxBytes: installerMaxBytes,
  });
  return { codeHost, signer, clock };
}

let defaults: CodeHostDeps | undefined;
export function getDefaultCodeHostDeps(): CodeHostDeps {
  defaults ??= buildCodeHostDeps(env());
  return defaults;
}

export const installerHandlers = createInstallerHandlers(getDefaultCodeHostDeps);
export const signatureDirectoryHandler = createSignatureDirectoryHandler(getDefaultCodeHostDeps);

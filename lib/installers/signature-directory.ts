import { MediaType } from 'web-bot-auth';
import type { RequestSigner } from '@/lib/code-host';
import { internalErrorResponse } from '@/lib/http/problem';
import type { RouteHandler } from '@/lib/http/route-handler';

/**
 * GET /.well-known/http-message-signatures-directory (/docs/install, "Signed
 * outbound requests"; draft-meunier-http-message-signatures-directory): the
 * JWK Set of the Ed25519 key that signs the service's outbound requests, so
 * a code host can verify them. `keys` is empty when no key is installed. The
 * response itself is not signed: the service signs no responses.
 */
const signatureDirectoryContentType = MediaType.HTTP_MESSAGE_SIGNATURES_DIRECTORY;
/** A few minutes, so a rotated key reaches verifiers quickly. */
const signatureDirectoryCacheControl = 'public, max-age=300, s-maxage=300';

export function createSignatureDirectoryHandler(getDeps: () => { signer: RequestSigner }): RouteHandler {
  return async () => {
    try {
      const directory = await getDeps().signer.publicDirectory();
      return new Response(JSON.stringify(directory), {
        status: 200,
        headers: {
          'Content-Type': signatureDirectoryContentType,
          'Cache-Control': signatureDirectoryCacheControl,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch (error) {
      return internalErrorResponse(error);
    }
  };
}

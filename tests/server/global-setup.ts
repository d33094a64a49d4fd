import { generateKeyPairSync } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startFakeCodeHost } from '../helpers/fake-code-host';
import { serveFakeCodeHostControl } from '../helpers/fake-code-host-control';
import { ensureBuild, startNextServer } from '../helpers/next-server';

/**
 * The real-server suite: one production build, one `next start` on a free
 * port, pointed at a fake code host on loopback (nothing reaches the
 * internet), with a Web Bot Auth key installed so outbound signing is
 * exercised end to end.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    controlUrl: string;
    signingPublicJwk: string;
  }
}

export default async function setup(project: TestProject) {
  ensureBuild();
  const fake = await startFakeCodeHost();
  const control = await serveFakeCodeHostControl(fake);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const server = await startNextServer({
    GITHUB_API_URL: fake.apiUrl,
    GITHUB_RAW_URL: fake.rawUrl,
    WEB_BOT_AUTH_PRIVATE_KEY: JSON.stringify(privateKey.export({ format: 'jwk' })),
    CURSOR_SECRET: 'real-server-suite-cursor-secret',
  });
  project.provide('baseUrl', server.url);
  project.provide('controlUrl', control.url);
  project.provide('signingPublicJwk', JSON.stringify(publicKey.export({ format: 'jwk' })));
  return async () => {
    await server.stop();
    await control.close();
    await fake.close();
    if (process.env.SHOW_SERVER_LOG) console.log(server.output());
  };
}

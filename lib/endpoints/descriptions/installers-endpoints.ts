import { z } from 'zod';
import type { EndpointDescription, HeaderSpec } from '../endpoint';
import { refParam } from '../params';
import { text } from './shared';

/** The installer rows (/docs/install): /layer.sh and the three scripts with a desktop pinned. */

const installerHeaders = (pinned: boolean): Record<string, HeaderSpec> => ({
  'x-svc-ref': { description: 'The ref the script was fetched from (`main` or a release tag)', schema: z.string() },
  ...(pinned
    ? { 'x-svc-desktop': { description: 'The desktop the script pins (echoes LAYER_DESKTOP)', schema: z.string() } }
    : {}),
});

function installer(name: 'layer' | 'hacker' | 'everyday' | 'minimal') {
  const pinned = name !== 'layer';
  return {
    tag: 'Installers',
    summary: pinned ? `Installer with the ${name} desktop pinned` : 'Installer that asks which desktop to build',
    description:
      (pinned
        ? `The layer installer with \`LAYER_DESKTOP=${name}\` set right after the shebang, so running it pre-answers the desktop question. Run it with \`curl -fsSL <site>/${name}.sh | sh\`.`
        : 'The layer installer as published; it asks which desktop to build. A desktop in its own repository installs with `curl -fsSL <site>/layer.sh | sh -s -- --desktop=<flakeref>`.') +
      ' Only a script is served: non-empty UTF-8 text without NUL bytes that starts with a shebang (`#!`). An upstream answer that is not one (an empty body, an HTML page) is a 502, never cached.',
    query: z.object({ ref: refParam }),
    responses: {
      200: text('The installer script', installerHeaders(pinned)),
      400: text('`ref` is not a release tag; the body says what a valid ref looks like'),
      502: text('The upstream script could not be fetched, or what came back is not a script'),
    },
    errors: [],
  } as const satisfies EndpointDescription;
}

export const installerDescriptions = {
  layerInstaller: installer('layer'),
  hackerInstaller: installer('hacker'),
  everydayInstaller: installer('everyday'),
  minimalInstaller: installer('minimal'),
} as const satisfies Record<string, EndpointDescription>;


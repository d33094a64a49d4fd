import { createInstallerHandlers, createSignatureDirectoryHandler } from '@/lib/installers';
import { runtime } from '@/lib/runtime';
import { endpointById as docsEndpoint } from '../doors/docs';
import { endpointById as installerEndpoint } from '../doors/installers';
import { endpointById as platformEndpoint } from '../doors/platform';
import { door } from '../handler';

/** The installer, design.md and key-directory handlers over the process runtime. */
const installerHandlers = createInstallerHandlers(() => runtime());

export const layerInstaller = door(installerEndpoint('layerInstaller'), installerHandlers.installer.layer);
export const hackerInstaller = door(installerEndpoint('hackerInstaller'), installerHandlers.installer.hacker);
export const everydayInstaller = door(installerEndpoint('everydayInstaller'), installerHandlers.installer.everyday);
export const minimalInstaller = door(installerEndpoint('minimalInstaller'), installerHandlers.installer.minimal);
export const designDoc = door(docsEndpoint('designDoc'), installerHandlers.designDoc);
export const signatureDirectoryHandler = door(platformEndpoint('signatureDirectory'), createSignatureDirectoryHandler(() => runtime()));

import { createInstallerHandlers, createSignatureDirectoryHandler } from '@/lib/installers';
import { runtime } from '@/lib/runtime';
import { endpointById } from '../descriptions/shared';
import { docsDescriptions } from '../descriptions/docs-endpoints';
import { installerDescriptions } from '../descriptions/installers-endpoints';
import { platformDescriptions } from '../descriptions/platform-endpoints';
import { endpointHandler } from '../endpoint-handler';

/** The installer, design.md and key-directory handlers over the process runtime. */
const installerHandlers = createInstallerHandlers(() => runtime());

export const layerInstaller = endpointHandler(endpointById(installerDescriptions, 'layerInstaller'), installerHandlers.installer.layer);
export const hackerInstaller = endpointHandler(endpointById(installerDescriptions, 'hackerInstaller'), installerHandlers.installer.hacker);
export const everydayInstaller = endpointHandler(endpointById(installerDescriptions, 'everydayInstaller'), installerHandlers.installer.everyday);
export const minimalInstaller = endpointHandler(endpointById(installerDescriptions, 'minimalInstaller'), installerHandlers.installer.minimal);
export const designDoc = endpointHandler(endpointById(docsDescriptions, 'designDoc'), installerHandlers.designDoc);
export const signatureDirectoryHandler = endpointHandler(endpointById(platformDescriptions, 'signatureDirectory'), createSignatureDirectoryHandler(() => runtime()));

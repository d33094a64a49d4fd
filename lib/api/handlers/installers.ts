import { createInstallerHandlers, createSignatureDirectoryHandler } from '@/lib/installers';
import { runtime } from '@/lib/runtime';

/** The installer, design.md and key-directory handlers over the process runtime. */
export const installerHandlers = createInstallerHandlers(() => runtime());
export const signatureDirectoryHandler = createSignatureDirectoryHandler(() => runtime());

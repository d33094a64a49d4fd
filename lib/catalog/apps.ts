import { z } from 'zod';
import { docsPageUrl } from '@/lib/routes';
import { codeHostOwner, codeHostWeb } from '@/lib/site';

/**
 * The small Mac apps that ship signed, notarized releases. Each lives in a
 * repository named after it under the project's owner on the code host.
 */
export const appNames = ['pounce', 'perch'] as const;
export type AppName = (typeof appNames)[number];

export const appNameSchema = z.enum(appNames);

export const appSchema = z
  .object({
    name: appNameSchema,
    title: z.string().min(1),
    blurb: z.string().min(1),
    repository: z.object({ owner: z.string().min(1), repo: z.string().min(1) }),
    /** Site-relative URL of the app's section in the docs. */
    docsPath: z.string().startsWith('/'),
  })
  .refine((app) => app.repository.repo === app.name, {
    message: 'an app repository is named after the app',
    path: ['repository', 'repo'],
  });
export type App = z.infer<typeof appSchema>;

const appsDocsPath = (name: AppName) => `${docsPageUrl(['apps'])}#${name}`;

export const apps: readonly App[] = appSchema.array().parse([
  {
    name: 'pounce',
    title: 'Pounce',
    blurb:
      'A keyboard-driven launcher and window switcher: type a few letters to open an app or jump to a window.',
    repository: { owner: codeHostOwner, repo: 'pounce' },
    docsPath: appsDocsPath('pounce'),
  },
  {
    name: 'perch',
    title: 'Perch',
    blurb: 'A menu-bar shelf: drop files, links and snippets on it and pick them up again later.',
    repository: { owner: codeHostOwner, repo: 'perch' },
    docsPath: appsDocsPath('perch'),
  },
]);

export const isAppName = (value: unknown): value is AppName => appNameSchema.safeParse(value).success;

export function findApp(name: string): App | undefined {
  return apps.find((app) => app.name === name);
}

/** Web address of the app's repository on the code host. */
export const appRepositoryUrl = (app: App) => `${codeHostWeb}/${app.repository.owner}/${app.repository.repo}`;

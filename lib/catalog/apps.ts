import { z } from 'zod';
import { docsPageUrl } from '@/lib/routes';
import { codeHostOwner, repositoryUrl } from '@/lib/site';

/**
 * The small Mac apps that ship signed, notarized releases (/docs/apps: they
 * run on the layer or without it). Each app's releases
 * are read from `<GITHUB_OWNER>/<app>` on the code host (lib/site.ts).
 */
export const appNames = ['pounce', 'perch'] as const;
export type AppName = (typeof appNames)[number];

const appNameSchema = z.enum(appNames);

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

/** All the reference says of either app. */
const appBlurb = 'A small Mac app that runs on the layer or without it, with signed, notarized macOS releases.';

const appsDocsPath = (name: AppName) => `${docsPageUrl(['apps'])}#${name}`;

export const apps: readonly App[] = appSchema.array().parse([
  {
    name: 'pounce',
    title: 'Pounce',
    blurb: appBlurb,
    repository: { owner: codeHostOwner, repo: 'pounce' },
    docsPath: appsDocsPath('pounce'),
  },
  {
    name: 'perch',
    title: 'Perch',
    blurb: appBlurb,
    repository: { owner: codeHostOwner, repo: 'perch' },
    docsPath: appsDocsPath('perch'),
  },
]);

export const isAppName = (value: unknown): value is AppName => appNameSchema.safeParse(value).success;

export function findApp(name: string): App | undefined {
  return apps.find((app) => app.name === name);
}

/** Web address of the app's repository on the code host. */
export const appRepositoryUrl = (app: App) => repositoryUrl(app.repository);

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@/': `${root}/`,
  'fumadocs-mdx:collections/': `${root}/.source/`,
  // `server-only` throws outside React Server Components; tests run in plain Node.
  'server-only': `${root}/tests/helpers/empty-module.ts`,
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/routes/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The OpenAPI linters on the generated document (scripts/test-all.sh, step "OpenAPI lint").
        resolve: { alias },
        test: {
          name: 'lint',
          include: ['tests/lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Search under `next dev` while pages change (scripts/test-all.sh, step "dev server").
        resolve: { alias },
        test: {
          name: 'dev',
          include: ['tests/dev/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One production server is shared; files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});

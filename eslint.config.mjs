import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';

const eslintConfig = defineConfig([
  ...nextVitals,
  {
    rules: {
      // A path is decoded once (RFC 3986 §2.4); Fumadocs' getPage decodes the router's slugs again.
      'no-restricted-properties': ['error', { object: 'source', property: 'getPage', message: 'Use findPage from lib/docs-source/collection.ts: getPage decodes the slugs a second time.' }],
    },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'tests/.artifacts/**',
    'test-results/**',
    'playwright-report/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    '.source/**',
  ]),
]);

export default eslintConfig;

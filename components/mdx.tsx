import defaultMdxComponents from 'fumadocs-ui/mdx';
import type { MDXComponents } from 'mdx/types';
import { Mark } from './mark';

// Catalog elements (<InstallLine />, <DesktopDetails />, …) need no component:
// lib/docs/remark-catalog.ts turns them into markdown when the docs compile.
export function getMDXComponents(components?: MDXComponents) {
  return {
    ...defaultMdxComponents,
    // Classification marks of the option reference.
    Mark,
    ...components,
  } satisfies MDXComponents;
}

export const useMDXComponents = getMDXComponents;

declare global {
  type MDXProvidedComponents = ReturnType<typeof getMDXComponents>;
}

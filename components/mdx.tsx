import defaultMdxComponents from 'fumadocs-ui/mdx';
import type { MDXComponents } from 'mdx/types';
import { AppDetails, DesktopDetails, DesktopGallery, InstallLine, RoomFacts, RoomList, SiteCommand } from './catalog';
import { EndpointReference } from './endpoint-reference';
import { InstallCommand } from './install-command';
import { Mark } from './mark';

export function getMDXComponents(components?: MDXComponents) {
  return {
    ...defaultMdxComponents,
    // Classification marks of the option reference.
    Mark,
    // Catalog-driven blocks (lib/catalog is their single source).
    AppDetails,
    DesktopDetails,
    DesktopGallery,
    InstallCommand,
    InstallLine,
    RoomFacts,
    RoomList,
    SiteCommand,
    // API reference blocks, generated from the endpoint table via the OpenAPI document.
    EndpointReference,
    ...components,
  } satisfies MDXComponents;
}

export const useMDXComponents = getMDXComponents;

declare global {
  type MDXProvidedComponents = ReturnType<typeof getMDXComponents>;
}

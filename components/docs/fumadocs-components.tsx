'use client';

import { lazy, Suspense, type ComponentType } from 'react';

/**
 * Fumadocs UI's MDX components with client code, each loaded on demand.
 *
 * Every docs page is one route (app/docs/[[...slug]]), and the App Router
 * bundles the client components a route's server modules import into the
 * scripts of every page of that route, whether the page renders them or
 * not. Imported directly, Tabs, Accordions, Files, TypeTable, ImageZoom and
 * Banner (client components, with Radix and the zoom library) and Callout
 * and Card (which render lucide's client icon and Fumadocs' client link)
 * added their script to every docs page. Behind `React.lazy` each
 * is a chunk of its own: the server still renders the page with them, and
 * the browser fetches a chunk only on a page that renders it, then hydrates
 * the component. (`next/dynamic` does the same with more runtime on
 * every page.)
 */
// The props are the component's own: the wrapper passes them through.
function onDemand<C extends ComponentType<any>>(load: () => Promise<C>): C {
  const Lazy = lazy(async () => ({ default: (await load()) as ComponentType<object> }));
  function OnDemand(props: object) {
    return (
      <Suspense>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return OnDemand as unknown as C;
}

export const Accordions = onDemand(() => import('fumadocs-ui/components/accordion').then((mod) => mod.Accordions));
export const Accordion = onDemand(() => import('fumadocs-ui/components/accordion').then((mod) => mod.Accordion));
export const Banner = onDemand(() => import('fumadocs-ui/components/banner').then((mod) => mod.Banner));
export const Callout = onDemand(() => import('fumadocs-ui/components/callout').then((mod) => mod.Callout));
export const Cards = onDemand(() => import('fumadocs-ui/components/card').then((mod) => mod.Cards));
export const Card = onDemand(() => import('fumadocs-ui/components/card').then((mod) => mod.Card));
export const Files = onDemand(() => import('fumadocs-ui/components/files').then((mod) => mod.Files));
export const Folder = onDemand(() => import('fumadocs-ui/components/files').then((mod) => mod.Folder));
export const File = onDemand(() => import('fumadocs-ui/components/files').then((mod) => mod.File));
export const ImageZoom = onDemand(() => import('fumadocs-ui/components/image-zoom').then((mod) => mod.ImageZoom));
export const Tabs = onDemand(() => import('fumadocs-ui/components/tabs').then((mod) => mod.Tabs));
export const Tab = onDemand(() => import('fumadocs-ui/components/tabs').then((mod) => mod.Tab));
export const TypeTable = onDemand(() => import('fumadocs-ui/components/type-table').then((mod) => mod.TypeTable));

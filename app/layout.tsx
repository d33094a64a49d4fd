import type { Metadata, Viewport } from 'next';
import { env, publicOrigin } from '@/lib/env';
import { siteDescription, siteName, siteTitle } from '@/lib/site';
import { PageControls } from '@/components/site/page-controls';
import { ThemeScript } from '@/components/site/theme';
import { DiscoveryHead } from '@/components/structured-data';
import './global.css';

// No web font: the system's UI font (`--font-sans` in global.css: San
// Francisco on a Mac, Segoe UI on Windows). A web font, even subset, adds
// to what a docs page must download before Lighthouse counts its largest
// paint (goal: LCP <= 2.0 s on a simulated slow phone).

export const metadata: Metadata = {
  // Absolute OG and canonical URLs on the configured public origin.
  metadataBase: new URL(publicOrigin(env())),
  title: { default: siteTitle, template: `%s — ${siteName}` },
  description: siteDescription,
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0a0a0a' },
  ],
};

export default function Layout({ children }: LayoutProps<'/'>) {
  return (
    // The theme script sets `light` or `dark` on <html> before the first paint.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
        <DiscoveryHead />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <PageControls />
      </body>
    </html>
  );
}

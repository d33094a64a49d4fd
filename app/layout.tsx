import localFont from 'next/font/local';
import type { Metadata, Viewport } from 'next';
import { env, publicOrigin } from '@/lib/env';
import { siteDescription, siteName, siteTitle } from '@/lib/site';
import { ThemeScript } from '@/components/site/theme';
import { DiscoveryHead } from '@/components/structured-data';
import './global.css';

// Local font file: `next/font/google` needs the internet at build time.
// Inter, weights 400-700 and Latin only (scripts/subset-font.sh): 25 KB.
const inter = localFont({
  src: '../public/fonts/inter-latin-wght-400-700.woff2',
  weight: '400 700',
  display: 'swap',
  variable: '--font-inter',
});

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
    <html lang="en" className={inter.className} suppressHydrationWarning>
      <head>
        <ThemeScript />
        <DiscoveryHead />
      </head>
      <body className="flex min-h-screen flex-col">{children}</body>
    </html>
  );
}

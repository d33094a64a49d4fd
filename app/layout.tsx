import { RootProvider } from 'fumadocs-ui/provider/next';
import localFont from 'next/font/local';
import type { Metadata, Viewport } from 'next';
import { env, publicOrigin } from '@/lib/env';
import { siteDescription, siteName, siteTitle } from '@/lib/site';
import './global.css';

// Local font file: `next/font/google` needs the internet at build time.
const inter = localFont({
  src: '../public/fonts/inter-latin-wght-normal.woff2',
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
    <html lang="en" className={inter.className} suppressHydrationWarning>
      <body className="flex flex-col min-h-screen">
        <RootProvider search={{ preload: false, options: { type: 'static' } }}>{children}</RootProvider>
      </body>
    </html>
  );
}

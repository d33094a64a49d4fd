import { SiteLayout } from '@/components/site/site-layout';

export default function Layout({ children }: LayoutProps<'/'>) {
  return <SiteLayout pathname="/">{children}</SiteLayout>;
}

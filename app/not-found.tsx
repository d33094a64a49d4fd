import Link from 'next/link';
import { SiteLayout } from '@/components/site/site-layout';

export default function NotFound() {
  return (
    <SiteLayout pathname="">
      <main className="mx-auto flex max-w-xl flex-1 flex-col justify-center gap-4 px-6 py-16 text-center">
        <h1 className="text-3xl font-semibold">Page not found</h1>
        <p className="text-fd-muted-foreground">
          Nothing lives at this address. The documentation starts at{' '}
          <Link prefetch={false} className="font-medium text-fd-foreground underline" href="/docs">
            /docs
          </Link>
          ; every page is listed in{' '}
          <a className="font-medium text-fd-foreground underline" href="/llms.txt">
            /llms.txt
          </a>
          .
        </p>
      </main>
    </SiteLayout>
  );
}

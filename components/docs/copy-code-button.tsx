'use client';

import { CheckIcon, CopyIcon } from '@/components/icons';
import { useEffect, useState } from 'react';

/** Copies the text of the code block it sits in (read from the page, so the code is not sent twice). */
export function CopyCodeButton({ className = '' }: { className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      aria-label={copied ? 'Copied' : 'Copy code'}
      onClick={async (event) => {
        const pre = event.currentTarget.closest('figure')?.querySelector('pre');
        if (!pre) return;
        try {
          await navigator.clipboard.writeText(pre.textContent ?? '');
          setCopied(true);
        } catch {
          // Clipboard refused (permissions, insecure origin): the text stays selectable.
        }
      }}
      className={`inline-flex size-7 items-center justify-center rounded-md text-fd-muted-foreground transition-colors hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-fd-primary ${className}`}
    >
      {copied ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
    </button>
  );
}

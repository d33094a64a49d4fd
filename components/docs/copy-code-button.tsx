'use client';

import { CopyFeedbackIcon, useCopyFeedback } from '@/components/copy-feedback';

/** Copies the text of the code block it sits in (read from the page, so the code is not sent twice). */
export function CopyCodeButton({ className = '' }: { className?: string }) {
  const { state, run } = useCopyFeedback();
  return (
    <button
      type="button"
      aria-label={state === 'copied' ? 'Copied' : 'Copy code'}
      onClick={async (event) => {
        const pre = event.currentTarget.closest('figure')?.querySelector('pre');
        if (!pre) return;
        // Clipboard refused (permissions, insecure origin): the label stays "Copy code"; the text stays selectable.
        await run(() => navigator.clipboard.writeText(pre.textContent ?? ''));
      }}
      className={`inline-flex size-7 items-center justify-center rounded-md text-fd-muted-foreground transition-colors hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-fd-primary ${className}`}
    >
      <CopyFeedbackIcon state={state} className="size-3.5" />
    </button>
  );
}

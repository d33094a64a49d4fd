'use client';

import { CopyFeedbackIcon, useCopyFeedback } from '@/components/copy-feedback';

/**
 * Copies `value` to the clipboard. The only client component of the install
 * commands: everything around it renders on the server.
 */
export function CopyButton({
  value,
  label = 'Copy command',
  className,
}: {
  value: string;
  label?: string;
  className?: string;
}) {
  const { state, run } = useCopyFeedback();

  // Clipboard access can be refused (insecure origin, permissions); the status says so.
  const copy = () => run(() => navigator.clipboard.writeText(value));

  return (
    <>
      <button
        type="button"
        onClick={copy}
        aria-label={label}
        title={label}
        className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-fd-border bg-fd-background text-neutral-600 transition-colors hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary dark:text-neutral-400 ${className ?? ''}`}
      >
        <CopyFeedbackIcon state={state} className="size-4" />
      </button>
      {/* Announces the result to screen readers without moving focus. */}
      <span role="status" aria-live="polite" className="sr-only">
        {state === 'copied' ? 'Copied to clipboard' : state === 'failed' ? 'Copying failed; select the text instead' : ''}
      </span>
    </>
  );
}

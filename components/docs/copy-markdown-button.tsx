'use client';

import { CopyFeedbackIcon, useCopyFeedback } from '@/components/copy-feedback';

/** Copies the page's markdown twin (fetched on click, never before). */
export function CopyMarkdownButton({ markdownUrl }: { markdownUrl: string }) {
  const { state, run } = useCopyFeedback();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          run(async () => {
            // ClipboardItem with a promise keeps the user gesture while the text loads (Safari).
            const text = fetch(markdownUrl).then((response) => {
              if (!response.ok) throw new Error(String(response.status));
              return response.text();
            });
            if (typeof ClipboardItem !== 'undefined' && 'supports' in ClipboardItem && ClipboardItem.supports('text/plain')) {
              await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((value) => new Blob([value], { type: 'text/plain' })) })]);
            } else {
              await navigator.clipboard.writeText(await text);
            }
          })
        }
        className="inline-flex items-center gap-2 rounded-md border bg-fd-secondary px-2 py-1.5 text-xs font-medium text-fd-secondary-foreground transition-colors hover:bg-fd-accent hover:text-fd-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fd-primary"
      >
        <CopyFeedbackIcon state={state} className="size-3.5" />
        Copy Markdown
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Markdown copied to clipboard' : state === 'failed' ? 'Copying failed; open the Markdown view instead' : ''}
      </span>
    </>
  );
}

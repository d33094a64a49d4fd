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
        className="page-action page-action-primary"
      >
        <CopyFeedbackIcon state={state} className="" />
        Copy Markdown
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Markdown copied to clipboard' : state === 'failed' ? 'Copying failed; open the Markdown view instead' : ''}
      </span>
    </>
  );
}

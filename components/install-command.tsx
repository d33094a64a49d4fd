import { cn } from '@/lib/cn';
import { CopyButton } from './copy-button';

/**
 * A shell one-liner with a copy button. Rendered on the server; the command
 * is plain selectable text, so copying by hand works without JavaScript.
 */
export function InstallCommand({
  command,
  label,
  className,
}: {
  command: string;
  /** Accessible name of the copy button; defaults to naming the command. */
  label?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'not-prose my-4 flex items-start gap-2 rounded-lg border border-fd-border bg-fd-card py-2 pe-2 ps-4',
        className,
      )}
    >
      {/* Top-aligned with the same line box as the command, so the prompt
          stays on the first line when the command wraps (a phone). */}
      <span aria-hidden data-prompt="" className="select-none py-1 font-mono text-sm leading-5 text-neutral-600 dark:text-neutral-400">
        $
      </span>
      {/* Long lines wrap instead of scrolling: a scrolled <pre> would need a
          keyboard stop of its own (axe: scrollable-region-focusable), and a
          reader sees the whole command on a phone. The copy button copies
          the exact line; soft wraps add no newlines. */}
      <pre className="min-w-0 flex-1 whitespace-pre-wrap wrap-anywhere py-1 font-mono text-sm leading-5 text-fd-foreground">
        <code>{command}</code>
      </pre>
      <CopyButton value={command} label={label ?? `Copy: ${command}`} className="self-center" />
    </div>
  );
}

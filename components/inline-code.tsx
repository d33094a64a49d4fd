import { Fragment } from 'react';

/**
 * Text whose `code` spans are written markdown-style (the explanations of
 * lib/http/problem-codes.ts, shared with the markdown twins): each span
 * becomes <code>, the rest stays text.
 */
export function WithInlineCode({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return parts.map((part, index) =>
    index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
  );
}

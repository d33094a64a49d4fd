/**
 * The "Open in" page actions of a docs page: a new chat in which an assistant
 * is asked to read the page's markdown twin.
 *
 * The URLs are those of Fumadocs UI's own page actions (fumadocs-ui 16.15.13,
 * `layouts/shared/page-actions.tsx`, `ViewOptionsPopover`; the Fumadocs docs,
 * "AI & LLMs", Page Actions): ChatGPT takes the prompt in `prompt`, with
 * `hints=search` so it fetches the page, Claude takes it in `q`, and the
 * prompt is Fumadocs' "Read {url}, I want to ask questions about it.".
 * Fumadocs names the page's own URL; here it is the twin, the page's text
 * without the HTML around it, at its absolute URL.
 */
export type Assistant = 'ChatGPT' | 'Claude';

export const assistantPrompt = (twinUrl: string) => `Read ${twinUrl}, I want to ask questions about it.`;

export function openInLinks(twinUrl: string): { assistant: Assistant; href: string }[] {
  const prompt = assistantPrompt(twinUrl);
  return [
    { assistant: 'ChatGPT', href: `https://chatgpt.com/?${new URLSearchParams({ prompt, hints: 'search' })}` },
    { assistant: 'Claude', href: `https://claude.ai/new?${new URLSearchParams({ q: prompt })}` },
  ];
}

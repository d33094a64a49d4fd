import type { State, Unsafe } from 'mdast-util-to-markdown';

/**
 * The escapes of the page's text outside HTML (the `.md` twin,
 * /llms-full.txt, the search sections): markdown's, not MDX's.
 *
 * Fumadocs' stringifier writes with the MDX extensions, whose rules escape
 * every `{` and `<` (`/v1/jobs/\{id}`), and GFM's autolink rule escapes a
 * dot after any `w` (`layer.homebrew\.adopt`), though only `www.` starts a
 * link. A twin is read as CommonMark with GFM (Writing docs, "A markdown
 * twin"), where neither brace means anything and `<` escapes only where it
 * could open a tag, so those rules are dropped and the dot is escaped only
 * after a `www` that starts a word.
 */
const adapted = new WeakSet<State>();

const isMdxOnly = (pattern: Unsafe): boolean => {
  if (pattern.character === '{' || pattern.character === '}') return true;
  // MDX's `<` rules are the ones that escape it whatever follows; markdown's own name what may follow (`after`).
  const constructs = [pattern.inConstruct ?? []].flat();
  return pattern.character === '<' && !pattern.after && (pattern.atBreak === true || constructs.includes('phrasing'));
};

/** Only `www.` at a word's start becomes a link (GitHub Flavored Markdown, "Autolinks (extension)"). */
const wwwDot = (pattern: Unsafe): Unsafe => (pattern.character === '.' && pattern.before === '[Ww]' ? { ...pattern, before: '(?:^|[^\\w])[Ww]{3}' } : pattern);

/** Makes `state` escape as markdown does; once per stringify run. */
export function escapeAsMarkdown(state: State): void {
  if (adapted.has(state)) return;
  adapted.add(state);
  state.unsafe = state.unsafe.filter((pattern) => !isMdxOnly(pattern)).map(wwwDot);
}

/**
 * The AI crawlers and AI agents' fetchers that get the agent page for `/`
 * (/docs/agents/discovery, "Agent mode": the home page answers the agent page
 * to the user agent of an AI crawler or agent). Each token is the product
 * token its operator documents for its `User-Agent` header or its robots.txt
 * group; `source` names where. A token matches as a whole word of the
 * User-Agent, case-insensitively, so `ClaudeBot/1.0` matches `ClaudeBot` but
 * `Claude` alone, a browser or a search crawler (Googlebot, bingbot) do not.
 *
 * `Google-Extended` and `Applebot-Extended` are robots.txt tokens only:
 * their operators crawl with `Googlebot` and `Applebot`, which are search
 * crawlers and get the HTML. They are listed because a client that names
 * them is asking for AI use, and matching them costs nothing.
 */
export interface AiBot {
  token: string;
  operator: string;
  /** What the operator documents the agent for. */
  purpose: 'training' | 'search' | 'user request';
  source: string;
}

export const aiBots: readonly AiBot[] = [
  { token: 'GPTBot', operator: 'OpenAI', purpose: 'training', source: 'platform.openai.com/docs/bots' },
  { token: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user request', source: 'platform.openai.com/docs/bots' },
  { token: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search', source: 'platform.openai.com/docs/bots' },
  { token: 'ClaudeBot', operator: 'Anthropic', purpose: 'training', source: 'support.anthropic.com (crawler article)' },
  { token: 'Claude-User', operator: 'Anthropic', purpose: 'user request', source: 'support.anthropic.com (crawler article)' },
  { token: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search', source: 'support.anthropic.com (crawler article)' },
  { token: 'anthropic-ai', operator: 'Anthropic', purpose: 'training', source: 'robots.txt token, formerly documented by Anthropic' },
  { token: 'PerplexityBot', operator: 'Perplexity', purpose: 'search', source: 'docs.perplexity.ai/guides/bots' },
  { token: 'Perplexity-User', operator: 'Perplexity', purpose: 'user request', source: 'docs.perplexity.ai/guides/bots' },
  { token: 'Google-Extended', operator: 'Google', purpose: 'training', source: 'developers.google.com/search/docs/crawling-indexing/google-common-crawlers (robots.txt token)' },
  { token: 'Google-CloudVertexBot', operator: 'Google', purpose: 'user request', source: 'developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers' },
  { token: 'Applebot-Extended', operator: 'Apple', purpose: 'training', source: 'support.apple.com/en-us/119829 (robots.txt token)' },
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'training', source: 'commoncrawl.org/ccbot' },
  { token: 'Amazonbot', operator: 'Amazon', purpose: 'training', source: 'developer.amazon.com/amazonbot' },
  { token: 'Bytespider', operator: 'ByteDance', purpose: 'training', source: 'bytespider user-agent page linked from its User-Agent' },
  { token: 'meta-externalagent', operator: 'Meta', purpose: 'training', source: 'developers.facebook.com/docs/sharing/webmasters/web-crawlers' },
  { token: 'meta-externalfetcher', operator: 'Meta', purpose: 'user request', source: 'developers.facebook.com/docs/sharing/webmasters/web-crawlers' },
  { token: 'MistralAI-User', operator: 'Mistral AI', purpose: 'user request', source: 'docs.mistral.ai/robots' },
  { token: 'DuckAssistBot', operator: 'DuckDuckGo', purpose: 'user request', source: 'duckduckgo.com/duckduckgo-help-pages/results/duckassistbot' },
  { token: 'cohere-ai', operator: 'Cohere', purpose: 'user request', source: 'robots.txt token documented by Cohere' },
];

const escape = (token: string) => token.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
// A token is a whole word: not preceded or followed by a letter, digit or hyphen.
const pattern = new RegExp(`(?:^|[^A-Za-z0-9-])(?:${aiBots.map((bot) => escape(bot.token)).join('|')})(?=$|[^A-Za-z0-9-])`, 'i');

/** The bot a User-Agent names, or undefined for every other client. */
export function aiBotOf(userAgent: string | null | undefined): AiBot | undefined {
  if (!userAgent) return undefined;
  const found = pattern.exec(userAgent.slice(0, 1024));
  if (!found) return undefined;
  const token = found[0].replace(/^[^A-Za-z0-9]/, '').toLowerCase();
  return aiBots.find((bot) => bot.token.toLowerCase() === token);
}

export const isAiBot = (userAgent: string | null | undefined): boolean => aiBotOf(userAgent) !== undefined;

import type { Element } from 'hast';
import Link from 'next/link';
import type { ComponentProps, ReactNode } from 'react';
import { isPagePath } from '@/lib/http/page-negotiation';
import { anchorUrl } from '@/lib/routes';
import { CopyCodeButton } from './copy-code-button';

/**
 * Server-rendered replacements for Fumadocs UI's MDX elements, which are
 * client components (every heading hydrated its own copy-link button, every
 * code block its copy button). Same markup and classes, no client code but
 * the small copy button of code blocks.
 */

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** The headings `heading` made, which components/docs/static-tree.tsx writes as their markup instead. */
const siteHeadings = new WeakSet<object>();
export const isSiteHeading = (component: unknown): boolean => typeof component === 'function' && siteHeadings.has(component);

/**
 * A heading that links to itself (Fumadocs' markup: the text inside `a[data-card]`).
 * A page's static trees write the same markup without this component
 * (tests/unit/rehype-static-trees.test.ts compares the pages' HTML).
 */
export function heading(As: HeadingTag) {
  function Heading({ id, children, className, ...props }: ComponentProps<HeadingTag>) {
    if (!id) return <As className={className} {...props}>{children}</As>;
    // Styled in app/repeated-elements.css (`.prose :is(h1, …)[id]`): a page has dozens.
    return (
      <As id={id} className={className} {...props}>
        <a data-card="" href={anchorUrl('', id)}>
          {children}
        </a>
      </As>
    );
  }
  Heading.displayName = `Heading(${As})`;
  siteHeadings.add(Heading);
  return Heading;
}

/**
 * A link. Only other HTML pages (/, /docs/…, /problems/…) go through
 * next/link, and never prefetch; everything else is a plain <a>: downloads
 * (a redirect to the code host), /v1 and /api answers, the installers
 * (/*.sh), text views (.md, .txt, /openapi.json) and other sites. Prefetching
 * any of those would cost a lookup and a rate-limit hit per page view.
 */
export function isPageHref(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  return isPagePath(href.split(/[?#]/, 1)[0]!);
}

export function DocsLink({ href, children, ...props }: ComponentProps<'a'>) {
  if (href && isPageHref(href)) {
    return (
      <Link href={href} prefetch={false} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...props}>
      {children}
    </a>
  );
}

/**
 * A table that scrolls sideways on its own when too wide (Fumadocs' wrapper).
 * The wrapper takes focus, so a keyboard can scroll a wide table on a phone
 * whose cells hold no link (WCAG 2.1.1; axe scrollable-region-focusable).
 */
const tableWrapperClass = 'prose-no-margin relative my-6 overflow-auto focus-visible:ring-2 focus-visible:ring-fd-ring focus-visible:outline-none';

export function Table(props: ComponentProps<'table'>) {
  return (
    <div tabIndex={0} className={tableWrapperClass}>
      <table {...props} />
    </div>
  );
}

/** The markup Table draws around a table, for a static tree written as HTML (components/docs/static-tree.tsx). */
export function tableWrapper(table: Element): Element {
  return { type: 'element', tagName: 'div', properties: { tabIndex: 0, className: tableWrapperClass.split(' ') }, children: [table] };
}

/** Props rehype-code (shiki) puts on a code block's <pre>. */
type PreProps = ComponentProps<'pre'> & { icon?: string; title?: string; allowCopy?: boolean | string; keepBackground?: boolean };

/** A code block: Fumadocs' figure, a scrolling region, and a copy button. */
export function CodeBlock({ icon, title, allowCopy, keepBackground: _keep, children, className, style, ...props }: PreProps) {
  const copy = allowCopy !== false && allowCopy !== 'false';
  const caption: ReactNode = title ? (
    <div className="flex h-9.5 items-center gap-2 border-b px-4 text-fd-muted-foreground">
      {typeof icon === 'string' && <div className="[&_svg]:size-3.5" dangerouslySetInnerHTML={{ __html: icon }} />}
      <figcaption className="flex-1 truncate">{title}</figcaption>
      {copy && <CopyCodeButton className="-me-2" />}
    </div>
  ) : null;
  // Without a caption the copy button has a column of its own beside the code, not over it: a long
  // line (a curl command) scrolls under nothing, and its end is never hidden.
  const gutter = !title && copy;
  return (
    <figure dir="ltr" className={`shiki not-prose relative my-4 overflow-hidden rounded-xl border bg-fd-card text-sm shadow-sm ${gutter ? 'flex items-start' : ''} ${className ?? ''}`} style={style}>
      {caption}
      {/* Focusable so a keyboard can scroll it; a named group, not a region: a page
          of code blocks would otherwise fill the landmark list with look-alikes. */}
      <div
        role="group"
        aria-label={title ? `Code: ${title}` : 'Code'}
        tabIndex={0}
        className={`fd-scroll-container max-h-[600px] overflow-auto py-3.5 text-[0.8125rem] focus-visible:ring-2 focus-visible:ring-fd-ring focus-visible:outline-none focus-visible:ring-inset ${gutter ? 'min-w-0 flex-1' : ''}`}
      >
        <pre {...props} className="w-max min-w-full *:flex *:flex-col">
          {children}
        </pre>
      </div>
      {gutter && <CopyCodeButton className="my-2.5 me-2 shrink-0" />}
    </figure>
  );
}

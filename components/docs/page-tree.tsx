import Link from 'next/link';
import type { Folder, Node, Root } from 'fumadocs-core/page-tree';

/**
 * The docs navigation, rendered on the server for the page being shown:
 * the current page carries aria-current, and a folder lists its pages when
 * it is open by default (meta.json `defaultOpen`) or holds the current
 * page; otherwise its name links to its index page, where it opens. No
 * client code: the sidebar and the small-screen menu are the same markup.
 */
function containsUrl(folder: Folder, url: string): boolean {
  if (folder.index?.url === url) return true;
  return folder.children.some((child) =>
    child.type === 'page' ? child.url === url : child.type === 'folder' ? containsUrl(child, url) : false,
  );
}

const itemClass =
  'flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-[0.9375rem] text-fd-muted-foreground transition-colors hover:bg-fd-accent/50 hover:text-fd-accent-foreground/80 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-fd-primary [&_svg]:size-4 [&_svg]:shrink-0';
const activeClass = 'bg-fd-primary/10 font-medium text-fd-primary!';

function PageLink({ url, current, icon, children }: { url: string; current: boolean; icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Link href={url} prefetch={false} aria-current={current ? 'page' : undefined} className={`${itemClass} ${current ? activeClass : ''}`}>
      {icon}
      {children}
    </Link>
  );
}

function TreeNodes({ nodes, url }: { nodes: Node[]; url: string }) {
  return nodes.map((node, index) => {
    if (node.type === 'separator') {
      return (
        <li key={index} className="mt-5 mb-1 px-2 text-sm font-medium text-fd-foreground first:mt-0">
          {node.name}
        </li>
      );
    }
    if (node.type === 'page') {
      return (
        <li key={node.url}>
          <PageLink url={node.url} current={node.url === url} icon={node.icon}>
            {node.name}
          </PageLink>
        </li>
      );
    }
    const open = node.defaultOpen === true || containsUrl(node, url);
    return (
      <li key={node.$id ?? index}>
        {node.index ? (
          <PageLink url={node.index.url} current={node.index.url === url} icon={node.icon}>
            {node.name}
          </PageLink>
        ) : (
          <span className={itemClass}>
            {node.icon}
            {node.name}
          </span>
        )}
        {open && (
          <ul className="ms-3.5 flex flex-col gap-0.5 border-s ps-2 pt-0.5">
            <TreeNodes nodes={node.children} url={url} />
          </ul>
        )}
      </li>
    );
  });
}

export function PageTree({ tree, url }: { tree: Root; url: string }) {
  return (
    <ul className="flex flex-col gap-0.5">
      <TreeNodes nodes={tree.children} url={url} />
    </ul>
  );
}

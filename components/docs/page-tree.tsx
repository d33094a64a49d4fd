import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Folder, Node, Root } from 'fumadocs-core/page-tree';
import { treeIcons } from '@/components/icons';

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

// `.tree-item` (app/global.css): the current page is styled by its aria-current.
const itemClass = 'tree-item';

/** A meta.json icon name (lib/docs-source/collection.ts keeps the names) as its drawing; unknown names draw nothing. */
function TreeIcon({ icon }: { icon: ReactNode }) {
  if (typeof icon !== 'string') return icon;
  const Icon = treeIcons[icon];
  return Icon ? <Icon /> : null;
}

function PageLink({ url, current, icon, children }: { url: string; current: boolean; icon?: ReactNode; children: ReactNode }) {
  return (
    <Link href={url} prefetch={false} aria-current={current ? 'page' : undefined} className={itemClass}>
      <TreeIcon icon={icon} />
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
            <TreeIcon icon={node.icon} />
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

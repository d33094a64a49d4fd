/**
 * A docs sidebar folder with more entries than this is written in part
 * (components/docs/page-tree.tsx) and its whole list fetched on request
 * (/api/docs-tree/{folder}): written whole, each page of a folder lists
 * every page of it, so the links grow as the square of its pages.
 */
export const folderEntriesWritten = 50;

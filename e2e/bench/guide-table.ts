/**
 * The guide's table of current figures, one table per part of the bench, each written by the run
 * that took it: a run replaces the tables of the parts it ran and leaves the others as they were,
 * so every figure in the guide is the bench's own output and says when, where and on which commit
 * it was taken. Pure: the runner reads and writes the file.
 */

const BLOCK = /<!-- bench:part (\S+) -->\n[\s\S]*?<!-- bench:part \1 end -->/g;

/** One part's table between its markers. */
export function partBlock(part: string, table: string): string {
  return `<!-- bench:part ${part} -->\n${table.trim()}\n<!-- bench:part ${part} end -->`;
}

/**
 * The region between the guide's table markers with `tables` (part → its table) in place of those
 * parts' tables, the others kept; parts in `order` (unknown ones after). Text outside a part's
 * markers is not kept.
 */
export function mergePartTables(region: string, tables: ReadonlyMap<string, string>, order: readonly string[]): string {
  const blocks = new Map<string, string>();
  for (const match of region.matchAll(BLOCK)) blocks.set(match[1] as string, match[0]);
  for (const [part, table] of tables) blocks.set(part, partBlock(part, table));
  const parts = [...order.filter((part) => blocks.has(part)), ...[...blocks.keys()].filter((part) => !order.includes(part))];
  return parts.map((part) => blocks.get(part) as string).join('\n\n');
}

import type { ForeignKey, TableInfo } from './database-copy';

/** The tables with every table after those it refers to (a restore loads them in this order). */
export function parentsFirst(tables: TableInfo[], keys: ForeignKey[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const ordered: TableInfo[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name) || !byName.has(name)) return;
    path.add(name);
    for (const key of keys) if (key.child === name) visit(key.parent, path);
    path.delete(name);
    placed.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const table of tables) visit(table.name, new Set());
  return ordered;
}

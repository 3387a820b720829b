/** The bank's search box: case- and accent-insensitive, over title, description and category. */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');

interface Searchable {
  titulo: string;
  descripcion: string | null;
  categoria?: string | null;
}

/** Every word of the query appears somewhere in the item's texts. */
export function matchesSearch(item: Searchable, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fold([item.titulo, item.descripcion ?? '', item.categoria ?? ''].join(' '));
  return words.every((w) => text.includes(w));
}

import type { StoredPart } from './drivers/storage-driver';

/**
 * Whether the parts a client names complete an upload (the same rule on every store): numbered 1..N without
 * gaps, each one stored with that ETag, every part but the last exactly `partSize` bytes. Answers the total
 * size, or null when the parts do not make a whole file.
 */
export function completedSize(given: { PartNumber: number; ETag: string }[], stored: StoredPart[], partSize: number): number | null {
  const byNumber = new Map(stored.map((p) => [p.PartNumber, p]));
  const sorted = [...given].sort((a, b) => a.PartNumber - b.PartNumber);
  if (sorted.length === 0) return null;
  let size = 0;
  for (const [i, part] of sorted.entries()) {
    const held = byNumber.get(part.PartNumber);
    const last = i === sorted.length - 1;
    if (part.PartNumber !== i + 1 || !held || unquote(held.ETag) !== unquote(part.ETag)) return null;
    if (!last && held.Size !== partSize) return null;
    size += held.Size;
  }
  return size;
}

/** The parts a file of `size` bytes needs: the highest part number an upload of that size is signed. */
export const partsFor = (size: number, partSize: number): number => Math.max(1, Math.ceil(size / partSize));

/** The bytes part `partNumber` of a file of `size` bytes holds: the part size, the rest in the last one. */
export function partLength(partNumber: number, size: number, partSize: number): number {
  const parts = partsFor(size, partSize);
  return partNumber < parts ? partSize : size - (parts - 1) * partSize;
}

const unquote = (etag: string) => etag.replace(/^"|"$/g, '');

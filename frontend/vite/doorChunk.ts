import type { Plugin } from 'vite';

/**
 * Every module the entry imports statically, in the entry's chunk. Every page loads these before its first render
 * anyway; left to itself the bundler splits them by which lazy screens also use them, and /login paid a dozen scripts
 * for it (a round trip and ~1.4 KB of response headers each). The lazy screens import them from there, already loaded.
 */
export function doorChunk(): Plugin {
  const door = new Set<string>();
  return {
    name: 'consulta-door-chunk',
    apply: 'build',
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (door.has(id)) continue;
        door.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    outputOptions(options) {
      return { ...options, codeSplitting: { groups: [{ name: 'door', test: (id: string) => door.has(id) }] } };
    },
  };
}

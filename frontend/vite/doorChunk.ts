import type { Plugin } from 'vite';

/**
 * Two chunks of statically imported modules. 'door': every module the entry imports statically (React DOM and the
 * /login door), which every page loads before its first render. 'app': every further module that `appModule` (the
 * app the entry loads lazily) imports statically: every page but the door loads them before its first render too.
 * Left to itself the bundler splits both by which lazy screens also use them, and a page paid a dozen scripts for it
 * (a round trip and ~1.4 KB of response headers each). The lazy screens import them from these two, already loaded.
 */
export function doorChunk({ appModule }: { appModule: string }): Plugin {
  const door = new Set<string>();
  const app = new Set<string>();
  return {
    name: 'consulta-door-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[], into: Set<string>, except: Set<string>) => {
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (into.has(id) || except.has(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      closure(
        [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry),
        door,
        new Set(),
      );
      if (!this.getModuleInfo(appModule)) this.error(`${appModule} is not part of the build`);
      closure([appModule], app, door);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'door', test: (id: string) => door.has(id) },
            { name: 'app', test: (id: string) => app.has(id) },
          ],
        },
      };
    },
  };
}

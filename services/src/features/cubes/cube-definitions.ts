import { cubeFieldsSchema } from '@nq/contracts';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { CubeDefinition } from '@nq/projections';

/** How long a process keeps what it read: a cube created (or built) is maintained (or used) within this. */
export const definitionsRefreshMs = 5_000;
const keepMs = definitionsRefreshMs;

/** A value read again once it is `keepMs` old; a failed read is not kept. */
function kept<T>(read: () => Promise<T>) {
  let cached: { at: number; value: Promise<T> } | undefined;
  return {
    get(): Promise<T> {
      if (!cached || Date.now() - cached.at > keepMs) {
        const value = read();
        cached = { at: Date.now(), value };
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
    forget() {
      cached = undefined;
    },
  };
}

/**
 * The live cube definitions as the read model holds them, and those that queries may read: built over their history
 * (a rebuild done), whereas the stream maintains every cube from its creation.
 */
export function cubeDefinitions(readStore: ReadStore, built: () => Promise<Set<string>> = async () => new Set()) {
  const definitions = kept(async () =>
    (await readAll(readStore, 'cubes')).map(
      (document): CubeDefinition => ({ ...cubeFieldsSchema.parse(document), id: document.id }),
    ),
  );
  const builtCubes = kept(built);
  return {
    list: () => definitions.get(),
    async routable(): Promise<CubeDefinition[]> {
      const [cubes, ready] = await Promise.all([definitions.get(), builtCubes.get()]);
      return cubes.filter((cube) => ready.has(cube.id));
    },
    forget() {
      definitions.forget();
      builtCubes.forget();
    },
  };
}
export type CubeDefinitions = ReturnType<typeof cubeDefinitions>;

/** Definitions that never change (benchmarks, tests): every cube listed is built. */
export const fixedCubeDefinitions = (cubes: CubeDefinition[]): CubeDefinitions => ({
  list: async () => cubes,
  routable: async () => cubes,
  forget() {},
});

import { cubeFieldsSchema } from '@nq/contracts';
import type { ReadStore } from '../../platform/read-store/read-store-port.ts';
import { readAll } from '../feature-routes.ts';
import type { CubeDefinition } from './cube-rows.ts';

/** How long a process keeps the definitions it read: a cube created is maintained and used within this. */
const keepMs = 5_000;

/** The live cube definitions, as the read model holds them (read again every few seconds). */
export function cubeDefinitions(readStore: ReadStore) {
  let cached: { at: number; cubes: Promise<CubeDefinition[]> } | undefined;
  const read = async () =>
    (await readAll(readStore, 'cubes')).map((document) => ({
      ...cubeFieldsSchema.parse(document),
      id: document.id,
    }));
  return {
    async list(): Promise<CubeDefinition[]> {
      if (!cached || Date.now() - cached.at > keepMs) {
        const cubes = read();
        cached = { at: Date.now(), cubes };
        cubes.catch(() => {
          if (cached?.cubes === cubes) cached = undefined;
        });
      }
      return cached.cubes;
    },
    forget() {
      cached = undefined;
    },
  };
}
export type CubeDefinitions = ReturnType<typeof cubeDefinitions>;

import { DomainError } from '@nq/contracts';
import type { Projector } from '@nq/platform/projector-port';

/**
 * Read-your-writes over several read models: once each named projection shows the write at `position` (each within
 * the platform's bound), else `dependency.unavailable` naming the one that lags. An answer that joins read models (a
 * list naming owners, an export naming campaigns) waits for every one it reads: each projection keeps its own pace.
 */
export async function awaitReadModels(
  projector: Pick<Projector, 'showsWrite'>,
  position: string | undefined,
  projections: readonly string[],
) {
  if (!position) return;
  for (const name of new Set(projections))
    if (!(await projector.showsWrite(position, name)))
      throw new DomainError('dependency.unavailable', {
        params: { dependency: `read model ${name}` },
        details: { minPosition: position },
      });
}

import { type Actor, DomainError } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import type { EntityService } from '@nq/platform/entities/entity-service';
import type { ProbeSeed } from './formats/result-format.ts';

/** Who imports: the actor the probes' commands name (their owner), and the viewer whose probes it may use. */
export interface ImportParties {
  /** Names the import's commands: a retried import creates no probe twice. */
  importId: string;
  actor: Actor;
  /** Absent for `nq import`, run by the platform's operator. */
  viewer?: Viewer;
}

/** What a probe needs that an imported result cannot tell: results come from a fixed, wired point. */
const probeFields = (seed: ProbeSeed) => ({
  probeId: seed.probeId,
  name: seed.name,
  family: 'Agent',
  type: 'landline',
});

/**
 * The probes an import's measurements need before they go on `measurements.raw` (ingest refuses a result of a probe
 * it does not know): created through the probe entity's commands, owned by the importing profile.
 */
export function importProbes(probes: EntityService, visibility: Visibility, parties: ImportParties) {
  const { importId, actor, viewer } = parties;
  const metadata = (probeId: string) => ({
    actor,
    commandId: `${importId}:probe:${probeId}`,
    correlationId: importId,
    now: new Date(),
  });
  const usable = new Map<string, boolean>();

  /** Creates it unless it exists: answers whether it is there (active) now, and whether this created it. */
  async function ensure(seed: ProbeSeed) {
    const { state } = await probes.load(seed.probeId);
    if (state.status !== 'absent') return { state, created: false };
    try {
      const outcome = await probes.execute(
        { type: 'create', id: seed.probeId, fields: probeFields(seed) },
        metadata(seed.probeId),
      );
      return { state: outcome.state, created: true };
    } catch (error) {
      // Another import created it meanwhile.
      if (error instanceof DomainError && error.code === 'probes.idExists')
        return { state: (await probes.load(seed.probeId)).state, created: false };
      throw error;
    }
  }

  return {
    /**
     * The probes results name (RIPE Atlas's are public: whoever created one, every import uses it). Answers those
     * created; a probe deleted from the platform stays unusable (`usable`), its id never reused.
     */
    async ensure(seeds: ProbeSeed[]): Promise<string[]> {
      const created: string[] = [];
      for (const seed of seeds) {
        if (usable.has(seed.probeId)) continue;
        const outcome = await ensure(seed);
        usable.set(seed.probeId, outcome.state.status === 'active');
        if (outcome.created) created.push(seed.probeId);
      }
      return created;
    },
    usable: (probeId: string) => usable.get(probeId) === true,
    /**
     * The probe the import names for results that name none: created when absent; refused when it is another
     * profile's the importer does not see, or was deleted.
     */
    async named(seed: ProbeSeed): Promise<string[]> {
      const { state, created } = await ensure(seed);
      const { probeId } = seed;
      if (state.status !== 'active') throw new DomainError('measurements.unknownProbe', { params: { probeId } });
      if (viewer && !visibility.sees(viewer, { ...state.fields, id: state.id, owner: state.owner }))
        throw new DomainError('resultImports.probeNotYours', { params: { probeId } });
      usable.set(probeId, true);
      return created ? [probeId] : [];
    },
  };
}

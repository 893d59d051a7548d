import { DomainError, type LogPosition } from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import { nameKey } from '@nq/platform/entities/configuration-rules';
import type { CommandMetadata, EntityService } from '@nq/platform/entities/entity-service';
import type { FeatureRouteOptions } from '@nq/platform/entities/feature-routes';
import { campaignNameScope } from '../campaigns/index.ts';
import { tagNameScope } from '../tags/index.ts';
import { taskSuiteNameScope } from '../task-suites/index.ts';
import {
  namesUsed,
  type ProbeCsv,
  type ProbeDraft,
  probeFromRow,
  reportRepeatedIds,
  withProblem,
} from './probe-csv.ts';
import type { KnownNames } from './probe-csv-columns.ts';

export interface ProbeImportContext {
  probes: EntityService;
  entityOf: FeatureRouteOptions['entityOf'];
  viewer: Viewer;
  /** The command that creates one probe of the file: the same probe id, the same command id. */
  metadataFor(probeId: string): CommandMetadata;
}

export type ProbeImportOutcome = { rejected: ProbeDraft[] } | { imported: string[]; position?: LogPosition };

const namedLists: Record<keyof KnownNames, { kind: string; scope: string }> = {
  campaigns: { kind: 'campaign', scope: campaignNameScope },
  taskSuites: { kind: 'task-suite', scope: taskSuiteNameScope },
  tags: { kind: 'tag', scope: tagNameScope },
};

/** The names the file uses that the viewer may use, found by their reservations (never a lagging read model). */
async function knownNames(csv: ProbeCsv, { entityOf, viewer }: ProbeImportContext): Promise<KnownNames> {
  const used = namesUsed(csv);
  const known = async (list: keyof KnownNames) => {
    const { service, visibility } = entityOf(namedLists[list].kind);
    const ids = new Map<string, string>();
    for (const name of used[list]) {
      const id = await service.idHolding(namedLists[list].scope, nameKey(name));
      if (!id) continue;
      const { state } = await service.load(id);
      if (state.status === 'active' && visibility.sees(viewer, { ...state.fields, id: state.id, owner: state.owner }))
        ids.set(nameKey(name), id);
    }
    return ids;
  };
  return { campaigns: await known('campaigns'), taskSuites: await known('taskSuites'), tags: await known('tags') };
}

/** A probe id is free, taken, or already imported by this very import (a retried request). */
type IdStatus = 'free' | 'taken' | 'imported';

/** Probes read, or created, per round trip. */
const BATCH = 500;

const batchesOf = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, index) =>
    items.slice(index * BATCH, (index + 1) * BATCH),
  );

/** Each probe id's status, read from the event store a batch of streams at a time. */
async function idStatuses(probeIds: string[], { probes, metadataFor }: ProbeImportContext) {
  const statuses = new Map<string, IdStatus>();
  for (const batch of batchesOf(probeIds))
    for (const [probeId, { state, events }] of await probes.loadMany(batch))
      statuses.set(
        probeId,
        state.status === 'absent'
          ? 'free'
          : events[0]?.metadata.commandId === metadataFor(probeId).commandId
            ? 'imported'
            : 'taken',
      );
  return statuses;
}

/**
 * CSV import of probes (docs/product/rules.md#csv-import-of-probes): every row is checked first (allowed lists, probe
 * rules, ids neither repeated in the file nor existing) and, only when none has a problem, the probes are created, a
 * batch of them per transaction. The file is not one transaction: a row refused meanwhile (its id taken or its
 * campaign deleted since the check) fails its batch, whose rows are then created one by one up to it, and stops the
 * import with `csvImport.configurationError`, naming the probes already created; a retry with the same
 * Idempotency-Key recognises those by their command ids and creates them no second time.
 */
export async function importProbes(csv: ProbeCsv, context: ProbeImportContext): Promise<ProbeImportOutcome> {
  const known = await knownNames(csv, context);
  const drafts = reportRepeatedIds(csv.rows.map((row) => probeFromRow(csv.columns, row, known)));
  const statuses = await idStatuses(
    drafts.flatMap((draft) => (draft.probe ? [draft.probe.probeId] : [])),
    context,
  );
  const statusOf = (draft: ProbeDraft) => (draft.probe ? statuses.get(draft.probe.probeId) : undefined);
  const rejected = drafts
    .map((draft) =>
      statusOf(draft) === 'taken'
        ? withProblem(draft, {
            column: 'probeId',
            code: 'csvImport.probeIdExists',
            params: { probeId: draft.probeId! },
          })
        : draft,
    )
    .filter((draft) => draft.problems.length > 0);
  if (rejected.length > 0) return { rejected };

  const imported = drafts.map((draft) => draft.probe!.probeId);
  let position: LogPosition | undefined;
  for (const batch of batchesOf(drafts.filter((draft) => statusOf(draft) === 'free'))) {
    try {
      const outcomes = await context.probes.executeMany(batch.map((draft) => creation(draft, context)));
      position = outcomes.findLast((outcome) => outcome.position)?.position ?? position;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Which row is refused: the batch's rows one by one, up to it.
      for (const draft of batch) position = (await createOne(draft, imported, context)) ?? position;
    }
  }
  return { imported, ...(position ? { position } : {}) };
}

const creation = ({ probe }: ProbeDraft, context: ProbeImportContext) => ({
  command: { type: 'create' as const, id: probe!.probeId, fields: probe! },
  metadata: context.metadataFor(probe!.probeId),
});

/** Creates the probe of one row, or refuses the import naming that row and the probes created before it. */
async function createOne(draft: ProbeDraft, imported: string[], context: ProbeImportContext) {
  const { command, metadata } = creation(draft, context);
  try {
    return (await context.probes.execute(command, metadata)).position;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const probeId = command.id;
    const created = imported.slice(0, imported.indexOf(probeId));
    throw new DomainError('csvImport.configurationError', {
      details: { row: draft.line, probeId, code: error.code, imported: created },
      cause: error,
    });
  }
}

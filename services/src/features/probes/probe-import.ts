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

async function idStatus(probeId: string, { probes, metadataFor }: ProbeImportContext): Promise<IdStatus> {
  const { state, events } = await probes.load(probeId);
  if (state.status === 'absent') return 'free';
  return events[0]?.metadata.commandId === metadataFor(probeId).commandId ? 'imported' : 'taken';
}

/**
 * CSV import of probes (docs/product/rules.md#csv-import-of-probes): every row is checked first (allowed lists, probe
 * rules, ids neither repeated in the file nor existing) and, only when none has a problem, each probe is created.
 * Probes are separate streams, so creating them is not one transaction: a row refused meanwhile (its id taken or its
 * campaign deleted since the check) stops the import with `csvImport.configurationError`, naming the probes already
 * created; a retry with the same Idempotency-Key recognises those by their command ids and creates them no second
 * time.
 */
export async function importProbes(csv: ProbeCsv, context: ProbeImportContext): Promise<ProbeImportOutcome> {
  const known = await knownNames(csv, context);
  const drafts = reportRepeatedIds(csv.rows.map((row) => probeFromRow(csv.columns, row, known)));
  const statuses = new Map<ProbeDraft, IdStatus>();
  for (const draft of drafts) if (draft.probe) statuses.set(draft, await idStatus(draft.probe.probeId, context));
  const rejected = drafts
    .map((draft) =>
      statuses.get(draft) === 'taken'
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
  for (const { line, probe } of drafts.filter((draft) => statuses.get(draft) === 'free')) {
    const { probeId } = probe!;
    try {
      const outcome = await context.probes.execute(
        { type: 'create', id: probeId, fields: probe! },
        context.metadataFor(probeId),
      );
      position = outcome.position ?? position;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const created = imported.slice(0, imported.indexOf(probeId));
      throw new DomainError('csvImport.configurationError', {
        details: { row: line, probeId, code: error.code, imported: created },
        cause: error,
      });
    }
  }
  return { imported, ...(position ? { position } : {}) };
}

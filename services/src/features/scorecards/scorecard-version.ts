import { DomainError, type ScorecardConfiguration, type ScorecardFields, type ScorecardVersions } from '@nq/contracts';
import { historyOf } from '@nq/platform/entities/audit';
import { entityAsOf } from '@nq/platform/entities/entity-as-of';
import type { EntityService } from '@nq/platform/entities/entity-service';

/** Fields scorecards were given after some were stored: a scorecard stored before one has its default. */
const fieldsAddedLater: Pick<ScorecardFields, 'sources'> = { sources: [] };

/**
 * A scorecard's definition at a configuration version (`entityAsOf`: as it was at an instant or a log position, else
 * as it is), with the version it is: the stream version and the log position of its last event.
 */
export async function scorecardAsOf(
  scorecards: EntityService,
  id: string,
  asOf?: string,
): Promise<{ scorecard: ScorecardFields; configuration: ScorecardConfiguration }> {
  const { fields, version, position } = await entityAsOf<ScorecardFields>(scorecards, id, asOf);
  return {
    scorecard: { ...fieldsAddedLater, ...fields },
    configuration: { scorecardId: id, version, position },
  };
}

/**
 * The configuration versions of an active scorecard, newest first: what each changed and the log position a
 * calculation takes as `asOf` to score with it. Read from the event stream, like the calculation.
 */
export async function scorecardVersions(scorecards: EntityService, id: string): Promise<ScorecardVersions> {
  const { state, events } = await scorecards.load(id);
  if (state.status !== 'active') throw new DomainError('resource.notFound', { details: { id } });
  const versions = historyOf(events).map((entry) => ({
    version: entry.version,
    position: entry.position,
    recordedAt: entry.recordedAt,
    changedFields: entry.changes.map((change) => change.field).filter((field) => field !== 'status'),
  }));
  return { scorecardId: id, versions: versions.reverse() };
}

import {
  DomainError,
  type LogPosition,
  type Profile,
  type ScorecardCalculation,
  type StoryboardEntityScore,
  storyboardLimits,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import { startOf } from '../analytics/index.ts';
import { analyticsScopeOf, type Caller, calculateScorecard, type ScorecardSources } from '../scorecards/index.ts';
import { lastDays } from './last-days.ts';
import type { PreviousScoresCache } from './previous-scores.ts';
import { type TileContext, tileErrorOf } from './tile.ts';

export interface ScorecardTileSources extends ScorecardSources {
  readStore: ReadStore;
  previousScores: PreviousScoresCache;
  campaignVisibility: Visibility;
  clusterVisibility: Visibility;
}

type Named = { id: string; owner: string } & Record<string, unknown>;
const idsIn = (scorecard: ReadDocument, field: 'campaigns' | 'clusters') =>
  Array.isArray(scorecard[field]) ? (scorecard[field] as string[]) : [];

/**
 * The active scorecards a profile may see: those whose campaigns and clusters it all sees (another profile's private
 * campaign keeps its scorecard from it). Scorecards are shared configuration; what they score is its own business.
 */
async function visibleActiveScorecards(sources: ScorecardTileSources, viewer: Viewer): Promise<ReadDocument[]> {
  const { readStore, campaignVisibility, clusterVisibility } = sources;
  const active = await readAll(readStore, 'scorecards', [{ field: 'status', equals: 'Active' }]);
  const [campaigns, clusters] = await Promise.all([
    readStore.getMany('campaigns', [...new Set(active.flatMap((item) => idsIn(item, 'campaigns')))]),
    readStore.getMany('clusters', [...new Set(active.flatMap((item) => idsIn(item, 'clusters')))]),
  ]);
  const seen = (documents: Map<string, ReadDocument>, visibility: Visibility) => (id: string) => {
    const document = documents.get(id);
    return document !== undefined && visibility.sees(viewer, document as Named);
  };
  return active.filter(
    (scorecard) =>
      idsIn(scorecard, 'campaigns').every(seen(campaigns, campaignVisibility)) &&
      idsIn(scorecard, 'clusters').every(seen(clusters, clusterVisibility)),
  );
}

/** The last 30 days (as the KPI tile charts them) and the 30 whole days before, each within the profile's dates. */
function windowsOf(profile: Profile, now: Date) {
  const scope = analyticsScopeOf(profile);
  const live = lastDays(storyboardLimits.days, now, scope);
  const before = new Date(Date.parse(startOf(live.tsStart, live.timeZone)) - 1);
  const reaches = !scope.from || Date.parse(scope.from) <= before.getTime();
  return { live, previous: reaches ? lastDays(storyboardLimits.days, before, scope) : undefined };
}

/**
 * A scorecard over the live window, and its scores over the previous one (kept a while: those days are over), at the
 * same configuration version.
 */
async function calculateWithTrend(
  sources: ScorecardTileSources,
  id: string,
  caller: Caller & { signal: AbortSignal },
  asOf: LogPosition | undefined,
): Promise<ScorecardCalculation> {
  const { live, previous } = windowsOf(caller.profile, caller.now);
  const window = { from: live.tsStart, to: live.tsEnd };
  const calculation = await calculateScorecard(sources, id, asOf ? { ...window, asOf } : window, caller);
  if (!previous) return calculation;
  const asked = { from: previous.tsStart, to: previous.tsEnd, asOf: calculation.configuration.position };
  const key = JSON.stringify([id, asked, analyticsScopeOf(caller.profile), caller.receivedUntil ?? null]);
  const comparison = await sources.previousScores(key, async () => {
    const { live: scores } = await calculateScorecard(sources, id, asked, caller);
    return scores;
  });
  return { ...calculation, comparison };
}

/** The scorecards that existed at a configuration position, in their order. */
async function existingAt(sources: ScorecardTileSources, scorecards: ReadDocument[], asOf: LogPosition) {
  const existed = await Promise.all(
    scorecards.map(async (scorecard) => (await sources.scorecards.load(scorecard.id, asOf)).state.status === 'active'),
  );
  return scorecards.filter((_, index) => existed[index]);
}

const byScore = (a: StoryboardEntityScore, b: StoryboardEntityScore) =>
  (b.score ?? Number.NEGATIVE_INFINITY) - (a.score ?? Number.NEGATIVE_INFINITY) || a.entity.localeCompare(b.entity);

/**
 * Each active scorecard the profile sees (the first few): its compared providers' scores over the last 30 days and
 * over the 30 days before, for the trend; pinned, at its version at the pin's configuration position (one created
 * since is left out) and of the measurements received by then. One scorecard failing shows its error in its place;
 * a profile whose dates begin later has no window to score.
 */
export async function scorecardsTile(sources: ScorecardTileSources, viewer: Viewer, context: TileContext) {
  const { tsStart } = viewer.profile;
  if (tsStart && Date.parse(tsStart) > context.now.getTime())
    throw new DomainError('scorecards.outOfProfileDateLimits', { details: { from: tsStart } });
  const visible = await visibleActiveScorecards(sources, viewer);
  const caller = {
    profile: viewer.profile,
    now: context.now,
    signal: context.signal,
    ...(context.receivedUntil ? { receivedUntil: context.receivedUntil } : {}),
  };
  // Pinned, the scorecards as they were at the position: one created since is left out.
  const pinnedAt = context.receivedUntil ? context.asOf : undefined;
  const shown = pinnedAt ? await existingAt(sources, visible, pinnedAt) : visible;
  const calculations = await Promise.all(
    shown.slice(0, storyboardLimits.scorecards).map(async (scorecard) => {
      try {
        return await calculateWithTrend(sources, scorecard.id, caller, pinnedAt);
      } catch (error) {
        const name = String(scorecard.name ?? scorecard.id);
        return { id: scorecard.id, name, error: tileErrorOf(error, 'scorecards.calculateFailed', context) };
      }
    }),
  );
  const entityIds = calculations.flatMap((item) => ('live' in item ? item.live.entities.map((e) => e.entity) : []));
  const providers = await sources.readStore.getMany('providers', [...new Set(entityIds)]);
  const list = calculations.map((item) => {
    if (!('live' in item)) return item;
    const previous = new Map(item.comparison?.entities.map((entity) => [entity.entity, entity.score]));
    const entities = item.live.entities
      .map(({ entity, rank, score }) => {
        const name = providers.get(entity)?.name;
        return {
          entity,
          ...(typeof name === 'string' ? { name } : {}),
          rank,
          score,
          previousScore: previous.get(entity) ?? null,
        };
      })
      .sort(byScore);
    return {
      id: item.scorecard.id,
      name: item.scorecard.name,
      maxScore: item.scorecard.maxScore,
      comparedBy: item.comparedBy,
      configuration: item.configuration,
      window: item.live.window,
      previousWindow: item.comparison?.window ?? null,
      entities,
      ...(item.narrowedBy ? { narrowedBy: item.narrowedBy } : {}),
    };
  });
  return { list, total: shown.length };
}

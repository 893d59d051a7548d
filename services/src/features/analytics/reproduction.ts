import {
  type AnswerSource,
  type CatalogueWarning,
  type LogPosition,
  type Profile,
  type Reproduction,
  warning,
} from '@nq/contracts';
import { programsScopeOf } from './destination-scope.ts';
import type { AnalyticsScope } from './scope-query.ts';

/** Where the configuration stands, and a profile as it stood at a log position (absent then: undefined). */
export interface ConfigurationHistory {
  head(): Promise<LogPosition>;
  profileAt(profileId: string, position: LogPosition): Promise<Profile | undefined>;
}

type ListKey =
  | 'technologies'
  | 'kpis'
  | 'isps'
  | 'tags'
  | 'probes'
  | 'campaigns'
  | 'clusters'
  | 'destinations'
  | 'programs';
const listKeys: ListKey[] = [
  'technologies',
  'kpis',
  'isps',
  'tags',
  'probes',
  'campaigns',
  'clusters',
  'destinations',
  'programs',
];

/** Whether `inner` lets one see nothing `outer` does not: each restriction of `outer` is also one of `inner`. */
export function scopeWithin(inner: AnalyticsScope, outer: AnalyticsScope): boolean {
  const lists = listKeys.every((key) => {
    const allowed = outer[key] as readonly (string | number)[] | undefined;
    if (!allowed) return true;
    const asked = inner[key] as readonly (string | number)[] | undefined;
    return asked?.every((value) => allowed.includes(value)) ?? false;
  });
  const from = !outer.from || (inner.from !== undefined && Date.parse(inner.from) >= Date.parse(outer.from));
  const to = !outer.to || (inner.to !== undefined && Date.parse(inner.to) <= Date.parse(outer.to));
  return lists && from && to;
}

/**
 * The scope an engine answer is computed in, and the configuration position it names so that it can be reproduced.
 * Without `asOf`: the caller's profile now, at the log's head. With `asOf`: the caller's profile as it was then (its
 * restrictions, its time zone), so that a configuration change since does not change the numbers — unless the
 * caller's access has narrowed since: a reproduction never shows what the caller may no longer see, it answers within
 * the current scope and says so.
 */
export async function reproducibleScope(
  history: ConfigurationHistory,
  viewer: { profileId: string; profile: Profile },
  programs: readonly string[] | undefined,
  asOf?: LogPosition,
): Promise<{ scope: AnalyticsScope; warnings: CatalogueWarning[]; asOf: LogPosition }> {
  const now = programsScopeOf(viewer.profile, programs);
  if (asOf === undefined) return { ...now, asOf: await history.head() };
  const before = await history.profileAt(viewer.profileId, asOf);
  const then = before ? programsScopeOf({ ...before, id: viewer.profileId }, programs) : undefined;
  if (then && scopeWithin(then.scope, now.scope)) return { ...then, asOf };
  return { scope: now.scope, warnings: [...now.warnings, warning('graphics.reproducedWithNarrowerAccess')], asOf };
}

/**
 * The caller's profile an output is computed with, and the configuration position it names, for outputs that read more
 * of the profile than its scope (its main KPIs, its technologies of a service): as `reproducibleScope`, the profile as
 * it was at `asOf` unless the access it gave (`scopeOf`) reaches beyond today's — then today's, with the warning.
 */
export async function reproducibleProfile(
  history: ConfigurationHistory,
  viewer: { profileId: string; profile: Profile },
  scopeOf: (profile: Profile) => AnalyticsScope,
  asOf?: LogPosition,
): Promise<{ profile: Profile; warnings: CatalogueWarning[]; asOf: LogPosition }> {
  if (asOf === undefined) return { profile: viewer.profile, warnings: [], asOf: await history.head() };
  const before = await history.profileAt(viewer.profileId, asOf);
  const then = before ? { ...before, id: viewer.profileId } : undefined;
  if (then && scopeWithin(scopeOf(then), scopeOf(viewer.profile))) return { profile: then, warnings: [], asOf };
  return { profile: viewer.profile, warnings: [warning('graphics.reproducedWithNarrowerAccess')], asOf };
}

/** The configuration history the platform keeps: the event log's head, a profile read from its stream at a position. */
export function configurationHistory(
  eventStore: { head(): Promise<LogPosition> },
  profiles: {
    load(id: string, asOf?: LogPosition): Promise<{ state: { status: string; id: string; fields: unknown } }>;
  },
): ConfigurationHistory {
  return {
    head: () => eventStore.head(),
    async profileAt(profileId, position) {
      const { state } = await profiles.load(profileId, position);
      return state.status === 'active' ? ({ ...(state.fields as Profile), id: state.id } as Profile) : undefined;
    },
  };
}

/**
 * What reproduces an answer: the configuration position it was computed at, the instant its data was received until,
 * and the request posted again with that instant (`?asOf=` the position); and the cube that served it, if one did
 * (its reproduction reads raw measurements, the cube's lag apart).
 */
export function reproductionOf(
  asOf: LogPosition,
  receivedUntil: string,
  body: object,
  source: AnswerSource | undefined,
): Reproduction {
  const cube = source?.startsWith('cube ') ? source.slice('cube '.length) : undefined;
  return { asOf, receivedUntil, query: { ...body, receivedUntil }, ...(cube ? { servedBy: cube } : {}) };
}

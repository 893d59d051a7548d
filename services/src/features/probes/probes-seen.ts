import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import { selectionOf } from '@nq/platform/entities/validated-input';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ListFilter, ReadStore } from '@nq/platform/read-store/read-store-port';
import {
  type AnalyticsEngine,
  type AnalyticsScope,
  profileScopeOf,
  type RunOptions,
  scopeSelection,
} from '../analytics/index.ts';

/** The probes a viewer sees: every one, or those with these ids. */
export type ProbesSeen = { every: true } | { every: false; ids: ReadonlySet<string> };

type Probe = Parameters<Visibility['sees']>[1];

/**
 * What a profile's restrictions let it read of the measurements decides which probes it sees, on every
 * screen that lists probes for their data (probe status, probe maps, the storyboard, test analysis, exports). See
 * docs/product/roles.md#data-restrictions. A profile whose scope narrows no measurement (isGod, or restricting
 * nothing) sees every probe, measured or not; any other sees the probes whose measurements its scope lets through, and
 * those it configures itself (created or granted: the probe configuration's visibility), whose measurements may not
 * have come yet.
 */
export interface ProbeSight {
  /** Every probe the viewer sees. */
  seenBy(viewer: Viewer, options?: RunOptions): Promise<ProbesSeen>;
  /** Whether the viewer sees this configured probe (asks only about its own measurements). */
  sees(viewer: Viewer, probe: Probe, options?: RunOptions): Promise<boolean>;
}

/** The read-store filters that keep only the probes seen. */
export const seenProbeFilters = (seen: ProbesSeen): ListFilter[] =>
  seen.every ? [] : [{ field: 'id', in: [...seen.ids] }];

/** The viewer's scope when it narrows the measurements, else undefined (it sees every probe). */
function narrowingScope(viewer: Viewer): AnalyticsScope | undefined {
  if (viewer.profile.isGod) return undefined;
  const scope = profileScopeOf(viewer.profile);
  const everything = scopeSelection({ filter: selectionOf({}) }, scope);
  const narrows = everything.filters.length > 0 || everything.from || everything.to || everything.matchesNothing;
  return narrows ? scope : undefined;
}

export function probeSight(sources: {
  engine: AnalyticsEngine;
  readStore: ReadStore;
  /** Which probes a profile configures (its own and those granted to it). */
  configured: Visibility;
}): ProbeSight {
  const { engine, readStore, configured } = sources;
  return {
    async seenBy(viewer, options) {
      const scope = narrowingScope(viewer);
      if (!scope) return { every: true };
      const [measured, own] = await Promise.all([
        engine.groups({ filter: selectionOf({}) }, scope, ['probe'], options),
        readAll(readStore, 'probes', configured.listFilters(viewer), { order: 'id' }),
      ]);
      return {
        every: false,
        ids: new Set([...measured.map((group) => String(group.key.probe)), ...own.map((probe) => probe.id)]),
      };
    },
    async sees(viewer, probe, options) {
      const scope = narrowingScope(viewer);
      if (!scope || configured.sees(viewer, probe)) return true;
      return (await engine.count({ filter: selectionOf({ probes: [probe.id] }) }, scope, options)) > 0;
    },
  };
}

import {
  DomainError,
  defaultGranularityOf,
  errorBody,
  granularityMs,
  type Language,
  maxSmartPerformanceBuckets,
  type SmartPerformanceAnswer,
  type SmartPerformanceChart,
  type SmartPerformanceKpi,
  type smartPerformanceRequestSchema,
  smartPerformanceWindowMs,
  warningBody,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import { queryIrOf } from '@nq/platform/entities/validated-input';
import { fieldProblem, validationError } from '@nq/platform/entities/validation-error';
import type { z } from 'zod';
import { type AnalyticsEngine, type AnalyticsScope, programsScopeOf, type SeriesLabeller } from '../analytics/index.ts';
import { smartPerformanceDashboard } from './dashboard-definition.ts';

export interface ChartsContext {
  engine: AnalyticsEngine;
  labels: SeriesLabeller;
  viewer: Viewer;
  scope: AnalyticsScope;
  language: Language;
  signal: AbortSignal;
  now: Date;
  /** Told of a KPI that failed for a reason the user is not shown. */
  logFailure: (kpi: string, error: unknown) => void;
}

type ChartsRequest = z.output<typeof smartPerformanceRequestSchema>;

/** The window up to now, within the profile's dates; refused when they do not meet. */
function windowOf(request: ChartsRequest, scope: AnalyticsScope, now: Date) {
  const to = Math.min(now.getTime(), scope.to ? Date.parse(scope.to) : Number.POSITIVE_INFINITY);
  const from = Math.max(
    now.getTime() - smartPerformanceWindowMs[request.window],
    scope.from ? Date.parse(scope.from) : 0,
  );
  if (from > to)
    throw new DomainError('profiles.outOfDateLimits', {
      details: { window: request.window, allowed: { from: scope.from, to: scope.to } },
    });
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

function granularityOf(request: ChartsRequest) {
  const granularity = request.granularity ?? defaultGranularityOf[request.window];
  if (smartPerformanceWindowMs[request.window] / granularityMs[granularity] > maxSmartPerformanceBuckets)
    throw validationError([fieldProblem(['body', 'granularity'], 'validation.invalidOption')]);
  return granularity;
}

/** The programs read: those asked for, within the profile's when it lists any (none: every measured program). */
function programsOf(request: ChartsRequest, profilePrograms: string[]) {
  if (profilePrograms.length === 0) return request.programs;
  return request.programs ? request.programs.filter((id) => profilePrograms.includes(id)) : profilePrograms;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * `POST /api/smart-performance`: each of the dashboard's KPIs over the window, restricted to the fringes the profile
 * shows it in and grouped by program, ISP or fringe. Each KPI is computed on its own: one that fails answers its
 * catalogue error in place and the others stand.
 */
export async function smartPerformanceCharts(
  request: ChartsRequest,
  context: ChartsContext,
): Promise<SmartPerformanceAnswer> {
  const { profile } = context.viewer;
  const dashboard = smartPerformanceDashboard(profile);
  const window = windowOf(request, context.scope, context.now);
  const granularity = granularityOf(request);
  const grouping = request.grouping ?? dashboard.grouping;
  const programs = programsOf(
    request,
    profile.programs.map((program) => program.id),
  );
  // The destination rule every query of programs follows: only the profile's targets for them.
  const destinationScope = programsScopeOf(profile, programs);
  const { destinations, programs: withTargets } = destinationScope.scope;
  const scope = destinations
    ? { ...context.scope, destinations, ...(withTargets ? { programs: withTargets } : {}) }
    : context.scope;
  const programNames = new Map(profile.programs.map((program) => [program.id, program.program]));
  const kpis = request.kpis ? dashboard.kpis.filter((kpi) => request.kpis!.includes(kpi.id)) : dashboard.kpis;

  async function chartOf(kpi: SmartPerformanceKpi): Promise<SmartPerformanceChart> {
    const facts = { kpi: kpi.id, fringes: kpi.fringes, inverse: kpi.inverse, unit: kpi.unit };
    try {
      const ir = queryIrOf({
        graphicType: 'line',
        kpi: kpi.id,
        metric: request.metric,
        granularity,
        breakdowns: [grouping],
        tsStart: window.from,
        tsEnd: window.to,
        fringes: kpi.fringes,
        ...(programs ? { programs } : {}),
      });
      const result = await context.engine.run(ir, scope, { signal: context.signal });
      if (result.kind !== 'metric') throw new Error(`a ${result.kind} answer to a metric query`);
      const labelled = await context.labels(result, context.viewer);
      const series = labelled.series.map((item) => {
        const name = typeof item.key.program === 'string' ? programNames.get(item.key.program) : undefined;
        return name ? { ...item, labels: { ...item.labels, program: name } } : item;
      });
      const warnings = [...destinationScope.warnings, ...result.warnings].map((item) =>
        warningBody(item, context.language),
      );
      const narrowing = labelled.narrowedBy ? { narrowedBy: labelled.narrowedBy } : {};
      return { status: 'ready', ...facts, series, warnings, ...narrowing };
    } catch (error) {
      if (isAbort(error) || context.signal.aborted) throw error;
      if (error instanceof DomainError && error.status < 500)
        return { status: 'failed', ...facts, error: errorBody(error.code, context.language, { params: error.params }) };
      context.logFailure(kpi.id, error);
      return { status: 'failed', ...facts, error: errorBody('smartPerformance.fetchFailed', context.language) };
    }
  }

  return {
    window: { name: request.window, ...window, timeZone: context.scope.timeZone ?? profile.timeZone },
    granularity,
    grouping,
    metric: request.metric,
    charts: await Promise.all(kpis.map(chartOf)),
  };
}

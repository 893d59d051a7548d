import type { KpiId, QueryIrInput, ScorecardCalculationRequest, SelectionFields } from '@nq/contracts';
import { followedBy, logIn, loginFrom } from './login.ts';
import {
  type Credentials,
  defaultThresholds,
  type Exchange,
  fieldOf,
  pickWeighted,
  profileFrom,
  type Runtime,
  type Scenario,
  type ScenarioRequest,
} from './scenario.ts';

interface AnalystContext {
  analyst: Credentials;
  /** The scorecards the analyst sees (the demo's two). */
  scorecardIds: string[];
}

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The last week, as the screens ask by default. */
const lastWeek = (runtime: Runtime): Pick<SelectionFields, 'tsStart' | 'tsEnd'> => ({
  tsStart: day(runtime.now() - 7 * 86_400_000),
  tsEnd: day(runtime.now()),
});

// The screens' bodies are declared beside their routes (services); their selection and KPI come from the contracts.
type ScreenBody = Pick<SelectionFields, 'programs' | 'tsStart' | 'tsEnd'> & { kpi: KpiId };

type UnsignedRequest = Omit<ScenarioRequest, 'signedBy'>;

const post = (name: string, url: string, body: object): UnsignedRequest => ({
  name,
  method: 'POST',
  url,
  body,
  expected: [200],
});
const get = (name: string, url: string): UnsignedRequest => ({
  name,
  method: 'GET',
  url,
  expected: [200],
});

/**
 * What the demo analyst's screens ask (the Madrid analyst: storyboard, evolution, graphic generator, scorecards,
 * measurement search, maps), weighted as a working day's mix: the landing storyboard and the charts most.
 */
export const analystReadMix: readonly {
  weight: number;
  request(context: AnalystContext, runtime: Runtime): UnsignedRequest;
}[] = [
  { weight: 3, request: () => get('storyboard', '/api/storyboard') },
  {
    weight: 2,
    request: (_: AnalystContext, runtime: Runtime) =>
      post('evolution', '/api/evolution', {
        kpi: 'download',
        granularity: 'day',
        programs: ['speedtest'],
        ...lastWeek(runtime),
      } satisfies ScreenBody & { granularity: 'day' }),
  },
  {
    weight: 2,
    request: (_: AnalystContext, runtime: Runtime) =>
      post('graphic', '/api/graphic', {
        kpi: 'latency',
        breakdowns: ['isp'],
        programs: ['ping'],
        ...lastWeek(runtime),
      } satisfies QueryIrInput),
  },
  {
    weight: 2,
    request: (context: AnalystContext, runtime: Runtime) => {
      const id = context.scorecardIds[Math.floor(runtime.random() * context.scorecardIds.length)];
      const { tsStart: from, tsEnd: to } = lastWeek(runtime);
      const query = { from, to } satisfies Partial<ScorecardCalculationRequest>;
      return get('scorecard calculation', `/scorecards/${id}/calculations?from=${query.from}&to=${query.to}`);
    },
  },
  { weight: 1, request: () => get('scorecards', '/scorecards/active') },
  {
    weight: 2,
    request: (_: AnalystContext, runtime: Runtime) =>
      post('measurement search', '/api/measurements/by/profile', {
        ...lastWeek(runtime),
        page: 1,
        pageSize: 25,
        sort: 'measuredAt',
        order: 'desc',
      }),
  },
  {
    weight: 2,
    request: (_: AnalystContext, runtime: Runtime) =>
      post('map tiles', '/maps', { kpi: 'download', zoom: 11, ...lastWeek(runtime) } satisfies ScreenBody & {
        zoom: number;
      }),
  },
];

const scorecardsOf = (analyst: Credentials): Exchange<AnalystContext> => {
  return ([answer]) => {
    if (!answer) return { ...get('scorecards', '/scorecards'), signedBy: analyst };
    const list = (fieldOf(answer, 'list') ?? []) as { id: string }[];
    if (answer.status !== 200 || list.length === 0)
      throw new Error(`the analyst sees no scorecard: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { done: { analyst, scorecardIds: list.map((scorecard) => scorecard.id) } };
  };
};

export const analystReads: Scenario<AnalystContext> = {
  name: 'analyst_reads',
  description: 'The demo analyst reading: storyboard, evolution, graphic, scorecard calculations, search, map tiles',
  thresholds: defaultThresholds,
  profile: (env) => profileFrom(env, { rate: 20, durationSeconds: 60, maxVUs: 50 }),
  setup: (env) => followedBy(logIn(loginFrom(env, 'analyst')), scorecardsOf),
  iteration(context, runtime) {
    const request = {
      ...pickWeighted(analystReadMix, runtime.random).request(context, runtime),
      signedBy: context.analyst,
    };
    return (answers) => (answers.length === 0 ? request : { done: undefined });
  },
};

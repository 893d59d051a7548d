import { inParallel } from './in-parallel.ts';
import { latencies } from './latencies.ts';
import { pingTask } from './panel-configuration.ts';
import { failureOf, panelClient } from './panel-http.ts';
import type { PanelRun } from './panel-run.ts';
import { firstPageQuery, type RouteFeatures, routeFeatures, windowQuery } from './route-features.ts';
import { scopedProfileSession } from './scoped-profile.ts';
import { type ScreenRequest, type ScreenRow, timeHealthBeside, timeScreen } from './screen-timing.ts';
import type { StepOutcome } from './step-table.ts';

const spain = [-18.2, 27.6, 4.4, 43.8];
const madrid = [-3.85, 40.3, -3.55, 40.55];
const launches = '/api/launches/';
const clusterLaunches = '/api/launches/clusters';

/** The status list: its first page when it is paged, else the whole list (the label says which). */
function statusRequests(features: RouteFeatures, admin: PanelRun['admin']): ScreenRequest[] {
  const query = firstPageQuery(features.query('get', '/probes/status'));
  return [
    query
      ? { label: 'probe status, first page (paged)', method: 'GET', url: `/probes/status?${query}`, client: admin }
      : { label: 'probe status, whole (not paged)', method: 'GET', url: '/probes/status', client: admin },
  ];
}

/** The probes map: by window and zoom when it takes them (the country, then Madrid), and whole unless it needs one. */
function mapRequests(features: RouteFeatures, client: PanelRun['admin'], who = ''): ScreenRequest[] {
  const parameters = features.query('get', '/api/probes/map');
  const windows = windowQuery(parameters, spain, 6)
    ? [
        { label: `probes map${who}, Spain at zoom 6`, url: `/api/probes/map?${windowQuery(parameters, spain, 6)}` },
        { label: `probes map${who}, Madrid at zoom 12`, url: `/api/probes/map?${windowQuery(parameters, madrid, 12)}` },
      ]
    : [];
  const needsWindow = [...parameters.values()].some(Boolean);
  const whole = needsWindow ? [] : [{ label: `probes map${who}, whole`, url: '/api/probes/map' }];
  return [...whole, ...windows].map((request) => ({ ...request, method: 'GET' as const, client }));
}

/**
 * The launcher across the 1,000-probe cluster: one request when the platform launches on a cluster, else a launch on
 * each of its probes (what an operator would have to do), timed as one.
 */
async function launcherRow(run: PanelRun, features: RouteFeatures, runs: number): Promise<ScreenRow> {
  const { small } = run.panel.clusters;
  const clusterId = run.clusterIds.get(small.name)!;
  if (features.bodyFields('post', clusterLaunches).includes('clusterId')) {
    const json = { clusterId, task: pingTask, confirm: true };
    const label = `launcher across the ${small.members.length}-probe cluster`;
    return timeScreen({ label, method: 'POST', url: clusterLaunches, json, client: run.admin }, runs);
  }
  const timing = latencies();
  const failures = new Map<string, number>();
  const started = performance.now();
  await inParallel(small.members, run.concurrency, async (probeId) => {
    const answer = await run.admin('POST', launches, { json: { probeId, task: pingTask, confirm: true } });
    if (answer.status === 201) timing.add(answer.ms);
    else failures.set(failureOf(answer), (failures.get(failureOf(answer)) ?? 0) + 1);
  });
  return {
    label: `launcher: ${small.members.length} single-probe launches (the route takes no cluster)`,
    request: `POST ${launches} × ${small.members.length}, ${run.concurrency} at once`,
    timing: timing.text(),
    firstMs: '',
    bytes: '',
    notes: [
      `all in ${((performance.now() - started) / 1_000).toFixed(1)} s`,
      ...[...failures].map(([failure, count]) => `${count} refused: ${failure}`),
    ].join('; '),
  };
}

/** Step 6: the screens' routes, each asked once cold then `runs` times, one request at a time. */
export async function screensStep(run: PanelRun, runs: number, rows: ScreenRow[]): Promise<StepOutcome> {
  const { admin, address, clusterIds, panel } = run;
  const features = await routeFeatures(panelClient(address));
  const small = clusterIds.get(panel.clusters.small.name);
  const large = clusterIds.get(panel.clusters.large.name);
  const scoped = await scopedProfileSession(run);
  const town = panel.probes[0]?.province.name ?? 'Madrid';
  const screens: ScreenRequest[] = [
    { label: 'probes list, first page', method: 'GET', url: '/probes/?page=1&pageSize=25', client: admin },
    {
      label: `probes list, search "${town}"`,
      method: 'GET',
      url: `/probes/?page=1&pageSize=25&q=${encodeURIComponent(town)}`,
      client: admin,
    },
    ...statusRequests(features, admin),
    { label: 'idle devices counter', method: 'GET', url: '/probes/status/counter', client: admin },
    ...mapRequests(features, admin),
    ...(small
      ? [
          {
            label: `cluster probes map (${panel.clusters.small.members.length} probes)`,
            method: 'GET' as const,
            url: `/api/clusters/probes/map?clusterIds=${small}`,
            client: admin,
          },
        ]
      : []),
    ...(large
      ? [
          {
            label: `cluster editor read (${panel.clusters.large.members.length} members)`,
            method: 'GET' as const,
            url: `/api/clusters-management/${large}`,
            client: admin,
          },
        ]
      : []),
    { label: 'storyboard', method: 'GET', url: '/api/storyboard', client: admin },
    ...mapRequests(features, scoped.client, ` (profile of ${scoped.probes} probes)`),
    {
      label: `measurement search (profile of ${scoped.probes} probes)`,
      method: 'POST',
      url: '/api/measurements/by/profile',
      json: { page: 1, pageSize: 25 },
      client: scoped.client,
    },
  ];
  for (const screen of screens) {
    console.info(`[panel bench]   ${screen.label}`);
    rows.push(await timeScreen(screen, runs));
  }
  if (small) rows.push(await launcherRow(run, features, runs));
  const heaviest = mapRequests(features, admin)[0];
  if (heaviest) rows.push(await timeHealthBeside(heaviest, panelClient(address), runs));
  return {
    items: 0,
    unit: '',
    notes: [
      `${rows.length} routes, ${runs} runs each, one at a time (table below)`,
      ...(scoped.createMs !== undefined
        ? [`profile of ${scoped.probes} probes created in ${scoped.createMs.toFixed(0)} ms`]
        : []),
      ...(small ? [] : ['no sample clusters found: their screens left out']),
    ],
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import { latencies } from './latencies.ts';
import { type Answer, failureOf, type PanelClient } from './panel-http.ts';

/** A request one of the console's screens makes. */
export interface ScreenRequest {
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  json?: unknown;
  client: PanelClient;
}

export interface ScreenRow {
  label: string;
  request: string;
  timing: string;
  firstMs: string;
  bytes: string;
  notes: string;
}

type Feature = { properties?: { kind?: string; count?: number } };

/** A map's features in a few words: how many clusters of how many probes, and how many probes one by one. */
function featuresOf(features: Feature[]) {
  const clusters = features.filter((feature) => feature.properties?.kind === 'cluster');
  const clustered = clusters.reduce((sum, feature) => sum + (feature.properties?.count ?? 0), 0);
  const single = features.length - clusters.length;
  return clusters.length
    ? `${clusters.length.toLocaleString('en')} clusters of ${clustered.toLocaleString('en')} probes, ${single.toLocaleString('en')} probes alone`
    : `${single.toLocaleString('en')} probes`;
}

/** What an answer held, in a few words: the map's features, rows of how many, or the counter. */
export function sizeOf(body: unknown): string {
  const answer = (body ?? {}) as {
    features?: Feature[];
    list?: unknown[];
    count?: number;
    idle?: number;
    total?: number;
  };
  if (Array.isArray(answer.features)) return featuresOf(answer.features);
  if (Array.isArray(answer.list))
    return `${answer.list.length.toLocaleString('en')} rows of ${(answer.count ?? answer.list.length).toLocaleString('en')}`;
  if (typeof answer.idle === 'number') return `idle ${answer.idle} of ${answer.total}`;
  return '';
}

const send = ({ client, method, url, json }: ScreenRequest) =>
  client(method, url, json === undefined ? {} : { json }).catch(
    (error: Error): Answer => ({ status: 0, ms: 0, bytes: 0, body: { code: error.message } }),
  );

/** The first request (cold), then `runs` more one after another: their p50/p95, the answer's bytes and size. */
export async function timeScreen(screen: ScreenRequest, runs: number): Promise<ScreenRow> {
  const first = await send(screen);
  const timing = latencies();
  const failures = new Map<string, number>();
  let last = first;
  for (let run = 0; run < runs; run++) {
    last = await send(screen);
    if (last.status >= 200 && last.status < 300) timing.add(last.ms);
    else failures.set(failureOf(last), (failures.get(failureOf(last)) ?? 0) + 1);
  }
  const ok = last.status >= 200 && last.status < 300;
  return {
    label: screen.label,
    request: `${screen.method} ${screen.url.length > 90 ? `${screen.url.slice(0, 87)}…` : screen.url}`,
    timing: timing.text(),
    firstMs: first.ms.toFixed(0),
    bytes: ok ? last.bytes.toLocaleString('en') : '',
    notes: [
      ok ? sizeOf(last.body) : '',
      ...[...failures].map(([failure, count]) => `${count} of ${runs} refused: ${failure}`),
    ]
      .filter(Boolean)
      .join('; '),
  };
}

/**
 * `/health` asked again and again while `heavy` is computed, `runs` times: whether the event loop still answers
 * liveness during the heaviest screen.
 */
export async function timeHealthBeside(heavy: ScreenRequest, health: PanelClient, runs: number): Promise<ScreenRow> {
  const healthTiming = latencies();
  const heavyTiming = latencies();
  let refused = 0;
  for (let run = 0; run < runs; run++) {
    let done = false;
    const computed = send(heavy).then((answer) => {
      done = true;
      heavyTiming.add(answer.ms);
    });
    // The map's request first on the wire, so that every health request meets it being computed.
    await sleep(5);
    while (!done) {
      const answer = await health('GET', '/health');
      if (answer.status === 200) healthTiming.add(answer.ms);
      else refused++;
      // A liveness probe's pace, not a flood that would itself slow the map.
      await sleep(20);
    }
    await computed;
  }
  return {
    label: `/health while ${heavy.label} is computed`,
    request: `GET /health beside ${heavy.method} ${heavy.url}`,
    timing: healthTiming.text([0.5, 0.95, 1]),
    firstMs: '',
    bytes: '',
    notes:
      `${healthTiming.count} health answers (p50/p95/max) while the map took p50 ${heavyTiming.text([0.5])}` +
      // One answer a run means the first health request came back only once the map was done.
      (healthTiming.count <= runs ? ': one a run, /health waited for the map' : '') +
      (refused ? `; ${refused} refused` : ''),
  };
}

export function printScreens(rows: ScreenRow[], runs: number) {
  console.info(
    `\n| screen | request | p50 / p95 ms (${runs} runs) | first ms | bytes | answer |\n|---|---|---|---|---|---|`,
  );
  for (const row of rows)
    console.info(`| ${[row.label, row.request, row.timing, row.firstMs, row.bytes, row.notes].join(' | ')} |`);
}

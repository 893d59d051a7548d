/**
 * The probes map of a national panel in a real browser: "the probes map in the browser (clustered, first draw < 2 s,
 * pan/zoom fluid)" at 100,000 probes. The platform starts on a panel run kept by `bench:panel` (BENCH_RUN, ecbf0c8f;
 * BENCH_PROFILE, embedded: made by `BENCH_RUN=ecbf0c8f BENCH_PROBES=100000 BENCH_STEPS=2,3 BENCH_KEEP=1 npm run
 * bench:panel`) and serves the built console (console/dist, built first when missing); the panel's administrator's
 * session is stored where the console keeps it, as the browser tests' `openSignedIn` does. Debian's Chromium
 * (/usr/bin/chromium, or CHROMIUM_PATH) with the browser tests' flags draws kepler.gl's WebGL through SwiftShader: on
 * the CPU, beside the platform on the same 2 cores (a real GPU draws faster). BENCH_RUNS (5) runs, each in a new
 * browser context:
 *   cold   /probes-map with an empty cache, from navigation until the clusters are drawn: kepler's store (read
 *          through React's fiber) holds the clusters' datasets and their layers' data, the page has issued WebGL
 *          draws of as many instances as each has rows (the draw calls are wrapped), and the next animation frame
 *          has begun (SwiftShader's work done). Then until the map at rest is drawn with the answer for the area it
 *          shows (the page asks `/api/probes/map?bbox=…&zoom=…` 250 ms after the map is placed). With each: when
 *          the map requests went and came back, kepler's chunk, the canvas, the data in the store, the draw calls.
 *   warm   the same after a reload (the browser's cache warm, the page's own state gone).
 *   moves  on the warm page, BENCH_ZOOM_STEPS (3) zooms of a level by wheel notches over the map, then BENCH_PANS (2)
 *          drags of 300 px (15 moves of 20 px) somewhere new: each one's requests (duration, bytes), how long after
 *          the last request its clusters were drawn, and the frames during the gesture (an animation-frame loop in
 *          the page: frames a second, the longest frame) with the page's script time a frame (CDP ScriptDuration).
 * The JS heap (CDP Performance.getMetrics) once the map is drawn, and after the moves with and without a collection.
 * Then one more cold run and its moves under the page's CPU profiler (BENCH_CPU_PROFILE=0: none): the main thread's
 * time by kind (kepler's JS, the console's, WebGL calls, the browser's own work, idle) until the first draw, until
 * the area is drawn, and a frame in the gestures. Prints p50 / p95 (of 5 runs p95 is the slowest); the first run's
 * map goes to a picture in the system's temp folder. A benchmark: it prints, it asserts nothing.
 *   npm run bench:probes-map-browser
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '@nq/services/simulator/fleet-options';
import { type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { administrator, startPanelPlatform } from './panel/panel-platform.ts';

const variable = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const runs = variable('BENCH_RUNS', 5);
const zoomSteps = variable('BENCH_ZOOM_STEPS', 3);
const pans = variable('BENCH_PANS', 2);
const run = process.env.BENCH_RUN ?? 'ecbf0c8f';
const profile = process.env.BENCH_PROFILE ?? 'embedded';
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = resolve(import.meta.dirname, '../..');
const consoleDir = join(root, 'console/dist');
/** A desktop's window: the map is the page's width by 32 rem. */
const viewport = { width: 1440, height: 900 };
/** How long one map may take to draw before the run gives up on it (SwiftShader on a busy 2-core machine). */
const drawTimeoutMs = 180_000;
/** Draws taken from any draw call after the data (their layers' own draws not seen): said with the figures. */
let looseDraws = 0;
/** How long after the last answer, nothing under way, the map is taken to keep what it shows. */
const unchangedAfterMs = 10_000;

// ---- In the page (serialized by Playwright: self-contained, typed by what it reads of the browser) ----

interface KeplerTable {
  dataContainer?: { numRows(): number };
  filteredIndex?: readonly number[];
}
interface KeplerInstance {
  visState?: {
    datasets: Record<string, KeplerTable>;
    layers: readonly { config: { dataId: string } }[];
    layerData: readonly ({ data?: { length?: number } } | undefined)[];
  };
  mapState?: { zoom: number };
}
interface MapStore {
  getState(): { keplerGl?: Record<string, KeplerInstance | undefined> };
}
/** New clusters (or probes) in kepler's store: when they came, and when WebGL drew them. */
interface DataEvent {
  at: number;
  /** Per table not drawn yet, the instance counts a draw of its layer has (all rows, or those filtered in). */
  undrawn: number[][];
  /** The first draw call of any kind after the data came, and the frame after it. */
  anyDrawAt?: number;
  frameAfterAnyDraw?: number;
  /** When every table's layer had been drawn. */
  firstDrawAt?: number;
  drawnAt?: number;
  /** Drawn as counted by any draw call after the data: no draw of its instance counts seen within 30 s. */
  loose?: boolean;
}
interface MapBench {
  frames: number[];
  events: DataEvent[];
  longTasks: { start: number; duration: number }[];
  canvasAt?: number;
  countAt?: number;
  store?: MapStore;
  zoom(): number | undefined;
}
type PageElement = Record<string, unknown>;
interface PageGlobal {
  document: { querySelector(selector: string): PageElement | null };
  localStorage: { setItem(key: string, value: string): void };
  requestAnimationFrame(callback: (time: number) => void): number;
  __mapBench?: MapBench;
  [name: string]: unknown;
}
interface ResourceTiming {
  name: string;
  startTime: number;
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  transferSize: number;
  decodedBodySize: number;
}

/**
 * Runs before the console's first script in every document: stores the session, counts WebGL draw calls, keeps long
 * tasks, and in an animation-frame loop keeps each frame's time and watches kepler's store (found through React's
 * fiber of the map's section) for new clusters, marking when WebGL drew after them.
 */
function instrument(session: string) {
  const page = globalThis as unknown as PageGlobal;
  page.localStorage.setItem('nq.session', session);
  const bench: MapBench = {
    frames: [],
    events: [],
    longTasks: [],
    zoom: () => bench.store?.getState().keplerGl?.map?.mapState?.zoom,
  };
  page.__mapBench = bench;
  (performance as unknown as { setResourceTimingBufferSize(size: number): void }).setResourceTimingBufferSize(5_000);
  for (const name of ['WebGL2RenderingContext', 'WebGLRenderingContext']) {
    const prototype = (page[name] as { prototype: Record<string, unknown> } | undefined)?.prototype;
    if (!prototype) continue;
    for (const method of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced']) {
      const original = prototype[method] as ((...args: unknown[]) => unknown) | undefined;
      if (typeof original !== 'function') continue;
      const instancesAt = method === 'drawArraysInstanced' ? 3 : method === 'drawElementsInstanced' ? 4 : -1;
      prototype[method] = function (this: unknown, ...args: unknown[]) {
        const pending = bench.events.at(-1);
        if (pending && pending.firstDrawAt === undefined) {
          const now = performance.now();
          pending.anyDrawAt ??= now;
          const instances = args[instancesAt];
          if (typeof instances === 'number')
            pending.undrawn = pending.undrawn.filter((counts) => !counts.includes(instances));
          if (!pending.undrawn.length) pending.firstDrawAt = now;
        }
        return original.apply(this, args);
      };
    }
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true } as unknown as PerformanceObserverInit);

  type Fiber = { memoizedProps?: { store?: MapStore } | null; child?: Fiber | null; sibling?: Fiber | null };
  const storeUnder = (section: PageElement) => {
    const key = Object.keys(section).find((name) => name.startsWith('__reactFiber$'));
    const stack: Fiber[] = [];
    const first = key ? (section[key] as Fiber).child : undefined;
    if (first) stack.push(first);
    for (let looked = 0; stack.length && looked < 500; looked++) {
      const fiber = stack.pop()!;
      const store = fiber.memoizedProps?.store;
      if (store && typeof store.getState === 'function') return store;
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return undefined;
  };
  let shownTables: KeplerTable[] = [];
  const look = (frameTime: number) => {
    const { document } = page;
    bench.canvasAt ??= document.querySelector('[data-testid="kepler-map"] canvas') ? frameTime : undefined;
    bench.countAt ??= document.querySelector('[data-testid="probes-in-view"]') ? frameTime : undefined;
    const pending = bench.events.at(-1);
    if (pending && pending.drawnAt === undefined) {
      if (pending.anyDrawAt !== undefined && frameTime > pending.anyDrawAt) pending.frameAfterAnyDraw ??= frameTime;
      // The frame after WebGL drew the new data's layers: what it drew has gone to the screen.
      if (pending.firstDrawAt !== undefined && frameTime > pending.firstDrawAt) pending.drawnAt = frameTime;
      else if (pending.frameAfterAnyDraw !== undefined && performance.now() - pending.frameAfterAnyDraw > 30_000) {
        pending.drawnAt = pending.frameAfterAnyDraw;
        pending.loose = true;
      }
    }
    if (!bench.store) {
      const section = document.querySelector('[data-testid="kepler-map"]');
      bench.store = section ? storeUnder(section) : undefined;
    }
    const state = bench.store?.getState().keplerGl?.map?.visState;
    if (!state) return;
    const ids = Object.keys(state.datasets).filter((id) => /^(clusters|probes)-/.test(id));
    const tables = ids.map((id) => state.datasets[id]!);
    if (tables.length === shownTables.length && tables.every((table, at) => table === shownTables[at])) return;
    // Data counts once each of its layers has its layer data (what deck.gl draws from).
    const ready = ids.every((id) =>
      state.layers.some((layer, at) => {
        const data = state.layerData[at];
        return layer.config.dataId === id && data !== undefined && (data.data?.length ?? 1) > 0;
      }),
    );
    if (!ready) return;
    shownTables = tables;
    if (!tables.length) return;
    bench.events.push({
      at: performance.now(),
      // A table with no row filtered in draws nothing: nothing to wait for.
      undrawn: tables
        .filter((table) => table.filteredIndex === undefined || table.filteredIndex.length > 0)
        .map((table) => [table.dataContainer?.numRows() ?? -1, table.filteredIndex?.length ?? -1]),
    });
  };
  const tick = (frameTime: number) => {
    bench.frames.push(frameTime);
    look(frameTime);
    page.requestAnimationFrame(tick);
  };
  page.requestAnimationFrame(tick);
}

/** What the page measured so far: its map requests and scripts, kepler's new data, long tasks and frames. */
function readBench() {
  const page = globalThis as unknown as PageGlobal;
  const bench = page.__mapBench!;
  const keep = (entry: ResourceTiming) => ({
    name: entry.name,
    startTime: entry.startTime,
    requestStart: entry.requestStart,
    responseStart: entry.responseStart,
    responseEnd: entry.responseEnd,
    transferSize: entry.transferSize,
    decodedBodySize: entry.decodedBodySize,
  });
  const resources = performance.getEntriesByType('resource') as unknown as ResourceTiming[];
  return {
    maps: resources.filter((entry) => /\/probes\/map(\?|$)/.test(entry.name)).map(keep),
    kepler: resources.filter((entry) => /\/assets\/KeplerMap-[^/]*\.js/.test(entry.name)).map(keep),
    scripts: resources.filter((entry) => /\.js(\?|$)/.test(entry.name)).map(keep),
    events: bench.events,
    longTasks: bench.longTasks,
    frames: bench.frames,
    canvasAt: bench.canvasAt,
    countAt: bench.countAt,
    now: performance.now(),
  };
}

// ---- In Node ----

/** A percentile of the finite values (a move that drew nothing new has none). */
const p = (values: number[], at: number) => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? percentile(finite, at) : Number.NaN;
};
const seconds = (ms: number | undefined) => (ms === undefined ? '—' : (ms / 1_000).toFixed(2));
const kib = (bytes: number) => `${(bytes / 1_024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

/** The frames between two times of the page: how many a second, the longest, how many over 50 ms. */
function frameStats(frames: number[], from: number, to: number) {
  const inside = frames.filter((time) => time >= from && time <= to);
  const gaps = inside.slice(1).map((time, at) => time - inside[at]!);
  return {
    fps: inside.length > 1 ? (gaps.length / (inside.at(-1)! - inside[0]!)) * 1_000 : 0,
    longest: gaps.length ? Math.max(...gaps) : 0,
    over50: gaps.filter((gap) => gap > 50).length,
    frames: inside.length,
  };
}

/** Map requests the browser has under way (Playwright's view: the page's timings list only finished ones). */
function mapRequestsOf(page: Page) {
  const state = { pending: 0, failed: 0, finished: 0 };
  const isMap = (url: string) => /\/probes\/map(\?|$)/.test(url);
  page.on('request', (request) => isMap(request.url()) && state.pending++);
  page.on('requestfinished', (request) => {
    if (!isMap(request.url())) return;
    state.pending--;
    state.finished++;
  });
  page.on('requestfailed', (request) => {
    if (!isMap(request.url())) return;
    state.pending--;
    state.failed++;
  });
  return state;
}
type MapRequests = ReturnType<typeof mapRequestsOf>;

/** What each map answer held, by its URL: clusters, probes one by one. */
function mapAnswersOf(page: Page) {
  const answers = new Map<string, { clusters: number; probes: number }>();
  page.on('response', (response) => {
    if (!/\/probes\/map(\?|$)/.test(response.url())) return;
    response
      .json()
      .then((body: { features?: { properties?: { kind?: string } }[] }) => {
        const features = body.features ?? [];
        const clusters = features.filter((feature) => feature.properties?.kind === 'cluster').length;
        answers.set(response.url(), { clusters, probes: features.length - clusters });
      })
      .catch(() => undefined);
  });
  return answers;
}
type MapAnswers = ReturnType<typeof mapAnswersOf>;
const featuresOf = (answers: MapAnswers, url: string | undefined) => {
  const answer = url === undefined ? undefined : answers.get(url);
  return answer ? `${answer.clusters} clusters + ${answer.probes} probes` : '?';
};

const read = (page: Page) => page.evaluate(readBench);
const pageNow = (page: Page) => page.evaluate(() => performance.now());

/**
 * Waits until the map shows the answer for the area it rests on: no map request under way, a map request since
 * `since` answered (with a bbox, when `withArea`), and clusters that came after its answer drawn.
 */
async function answerDrawn(page: Page, requests: MapRequests, since: number, withArea: boolean) {
  const deadline = Date.now() + drawTimeoutMs;
  for (;;) {
    const reading = await read(page);
    const asked = reading.maps.filter(
      (entry) => entry.startTime >= since && (!withArea || entry.name.includes('bbox')),
    );
    const answeredAt = asked.length ? Math.max(...asked.map((entry) => entry.responseEnd)) : undefined;
    const drawn = reading.events.find((event) => answeredAt !== undefined && event.at >= answeredAt && event.drawnAt);
    // A request starts 250 ms after the map rests: 400 ms with none under way before saying none is coming.
    const settled = requests.pending === 0 && answeredAt !== undefined && reading.now - answeredAt > 400;
    if (settled && drawn) return { reading, asked, drawn };
    // An answer the same as the one shown (a view seen before: the page shows its cached answer at once, and the
    // request brings the same data again) brings no new clusters to draw.
    if (settled && reading.now - answeredAt > unchangedAfterMs) return { reading, asked, drawn: undefined };
    if (Date.now() > deadline) throw new Error(`the map drew no answer since ${since.toFixed(0)} ms`);
    await sleep(100);
  }
}

async function metricsOf(cdp: CDPSession) {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const categories = [
  'kepler.gl, deck.gl (JS)',
  'console, React, others (JS)',
  'WebGL calls (SwiftShader work waited for)',
  'other native calls (JSON, DOM, …)',
  'garbage collection',
  'browser (parse, style, layout, paint, composite, canvas readback)',
  'idle',
] as const;
type Category = (typeof categories)[number];
const webGlCall =
  /^(readPixels|getParameter|get\w*Parameter|getError|linkProgram|compileShader|shaderSource|tex\w*Image\w*|buffer\w*Data|draw\w+|clear|get\w*Location|getActive\w+|checkFramebufferStatus|getExtension|getSupportedExtensions|finish|flush|generateMipmap|get\w+InfoLog|framebuffer\w+|renderbufferStorage\w*|blitFramebuffer|clientWaitSync|fenceSync|isContextLost)$/;

function categoryOf({ functionName, url }: { functionName: string; url: string }): Category | undefined {
  if (url.includes('/assets/KeplerMap-')) return 'kepler.gl, deck.gl (JS)';
  if (url) return 'console, React, others (JS)';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'browser (parse, style, layout, paint, composite, canvas readback)';
  if (functionName === '(root)') return undefined;
  return webGlCall.test(functionName)
    ? 'WebGL calls (SwiftShader work waited for)'
    : 'other native calls (JSON, DOM, …)';
}

/** A CPU profile's time by category within windows of the page's time (`offset`: page ms at the profile's start). */
function timeByCategory(profile: CpuProfile, offset: number, windows: [number, number][]) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const spent = new Map<Category, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const pageTime = offset + (at - profile.startTime) / 1_000;
    if (!windows.some(([from, to]) => pageTime >= from && pageTime <= to)) return;
    const category = categoryOf(nodes.get(id)!.callFrame);
    if (category) spent.set(category, (spent.get(category) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1_000);
  });
  return spent;
}

/** Starts the page's CPU profiler: its stop answers the profile and the page's time at its start. */
async function profileFrom(page: Page, cdp: CDPSession) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1_000 });
  const before = await pageNow(page);
  await cdp.send('Profiler.start');
  const after = await pageNow(page);
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    return { profile, offset: (before + after) / 2 };
  };
}

interface Load {
  /** From navigation, ms. */
  firstAnswer: number;
  firstAnswerMs: number;
  firstAnswerServerMs: number;
  firstAnswerBytes: number;
  firstAnswerTransfer: number;
  keplerAsked: number;
  keplerLoaded: number;
  keplerTransfer: number;
  scriptsTransfer: number;
  canvas: number;
  count: number;
  data: number;
  firstDraw: number;
  /** When the page had issued the draw calls of the clusters' layers (WebGL: the GPU's work is still to come). */
  drawCalls: number;
  areaDrawCalls: number;
  features: string;
  areaFeatures: string;
  longTaskMs: number;
  longestTask: number;
  longestFrame: number;
  scriptMs: number;
  taskMs: number;
  areaAsked: number;
  areaAnswerMs: number;
  areaBytes: number;
  areaDrawn: number;
  heapUsed: number;
  /** The load's course in one line, for the run's log. */
  timeline: string;
  /** Profiled: the main thread's time by category until the first draw, then until the area at rest is drawn. */
  cpu?: Map<Category, number>[];
}

/** A load of the page (a navigation or a reload) measured until the map at rest shows its area's clusters. */
async function measureLoad(
  page: Page,
  cdp: CDPSession,
  requests: MapRequests,
  answers: MapAnswers,
  navigate: () => Promise<unknown>,
  profiled = false,
): Promise<Load> {
  await navigate();
  const profiling = profiled ? await profileFrom(page, cdp) : undefined;
  // The renderer's counters start again with each document: read once it is committed.
  const before = await metricsOf(cdp);
  const { reading, asked, drawn } = await answerDrawn(page, requests, 0, true);
  if (!drawn) throw new Error('the map drew nothing for the area it shows');
  const after = await metricsOf(cdp);
  const cpu = await profiling?.();
  const first = reading.maps[0]!;
  const firstEvent = reading.events[0]!;
  const firstDraw = firstEvent.drawnAt!;
  const area = asked[0]!;
  const tasksBefore = reading.longTasks.filter((task) => task.start < firstDraw);
  const kepler = reading.kepler[0];
  looseDraws += Number(Boolean(firstEvent.loose)) + Number(Boolean(drawn.loose));
  const at = (ms: number | undefined) => seconds(ms);
  const areaEvent = reading.events.find((event) => event.at >= area.responseEnd);
  const timeline =
    `map asked ${at(first.startTime)} answered ${at(first.responseEnd)}, KeplerMap chunk ${at(kepler?.startTime)}–` +
    `${at(kepler?.responseEnd)}, canvas ${at(reading.canvasAt)}, clusters in store ${at(firstEvent.at)}, first draw call ` +
    `${at(firstEvent.anyDrawAt)}, their layers drawn ${at(firstEvent.firstDrawAt)}, next frame ` +
    `${at(firstDraw)}; area asked ${at(area.startTime)} answered ${at(area.responseEnd)}, in store ` +
    `${at(areaEvent?.at)}, drawn ${at(drawn.drawnAt)}; long tasks ≥ 250 ms: ` +
    (reading.longTasks
      .filter((task) => task.duration >= 250 && task.start < drawn.drawnAt!)
      .map((task) => `${at(task.start)}+${task.duration.toFixed(0)}`)
      .join(' ') || 'none');
  return {
    firstAnswer: first.responseEnd,
    firstAnswerMs: first.responseEnd - first.startTime,
    firstAnswerServerMs: first.responseStart - first.requestStart,
    firstAnswerBytes: first.decodedBodySize,
    firstAnswerTransfer: first.transferSize,
    keplerAsked: kepler?.startTime ?? Number.NaN,
    keplerLoaded: kepler?.responseEnd ?? Number.NaN,
    keplerTransfer: kepler?.transferSize ?? 0,
    scriptsTransfer: reading.scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    canvas: reading.canvasAt ?? Number.NaN,
    count: reading.countAt ?? Number.NaN,
    data: firstEvent.at,
    firstDraw,
    drawCalls: firstEvent.firstDrawAt ?? Number.NaN,
    areaDrawCalls: drawn.firstDrawAt ?? Number.NaN,
    features: featuresOf(answers, first.name),
    areaFeatures: featuresOf(answers, area.name),
    longTaskMs: tasksBefore.reduce((sum, task) => sum + task.duration, 0),
    longestTask: Math.max(0, ...tasksBefore.map((task) => task.duration)),
    longestFrame: frameStats(reading.frames, 0, firstDraw).longest,
    // The renderer's main thread over the whole load (until the map at rest is drawn).
    scriptMs: ((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)) * 1_000,
    taskMs: ((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) * 1_000,
    areaAsked: area.startTime,
    areaAnswerMs: area.responseEnd - area.startTime,
    areaBytes: area.decodedBodySize,
    areaDrawn: drawn.drawnAt!,
    heapUsed: after.JSHeapUsedSize ?? 0,
    timeline,
    ...(cpu
      ? {
          cpu: [
            timeByCategory(cpu.profile, cpu.offset, [[0, firstDraw]]),
            timeByCategory(cpu.profile, cpu.offset, [[firstDraw, drawn.drawnAt!]]),
          ],
        }
      : {}),
  };
}

interface Move {
  label: string;
  /** Map requests the page gave up (superseded by a later view). */
  cancelled: number;
  zoomFrom: number;
  zoomTo: number;
  gestureMs: number;
  /** The gesture's first and last input, in the page's time. */
  start: number;
  end: number;
  requests: number;
  answerMs: number[];
  bytes: number;
  /** From the gesture's last input to the last answer's clusters drawn (negative: drawn while it went on). */
  drawnAfterGesture: number;
  /** From the last map request's start to its clusters drawn, and to their draw calls issued. */
  askedToDrawn: number;
  askedToDrawCalls: number;
  gesture: ReturnType<typeof frameStats>;
  /** The page's JavaScript per frame during the gesture (CDP ScriptDuration): what a GPU would not take away. */
  scriptPerFrame: number;
}

/** Zooms in one level with the wheel over the map's centre (a notch at a time, as a hand does), or drags it. */
async function move(
  page: Page,
  cdp: CDPSession,
  requests: MapRequests,
  label: string,
  gesture: () => Promise<void>,
): Promise<Move> {
  const zoomFrom = (await page.evaluate(() => (globalThis as unknown as PageGlobal).__mapBench!.zoom())) ?? Number.NaN;
  const failedBefore = requests.failed;
  const before = await metricsOf(cdp);
  const start = await pageNow(page);
  await gesture();
  const end = await pageNow(page);
  const after = await metricsOf(cdp);
  const { reading, asked, drawn } = await answerDrawn(page, requests, start, true);
  const drawnAt = drawn?.drawnAt ?? Number.NaN;
  if (drawn?.loose) looseDraws++;
  const zoomTo = (await page.evaluate(() => (globalThis as unknown as PageGlobal).__mapBench!.zoom())) ?? Number.NaN;
  return {
    label,
    cancelled: requests.failed - failedBefore,
    zoomFrom,
    zoomTo,
    gestureMs: end - start,
    start,
    end,
    requests: asked.length,
    answerMs: asked.map((entry) => entry.responseEnd - entry.startTime),
    bytes: asked.at(-1)!.decodedBodySize,
    drawnAfterGesture: drawnAt - end,
    askedToDrawn: drawnAt - Math.max(...asked.map((entry) => entry.startTime)),
    askedToDrawCalls: (drawn?.firstDrawAt ?? Number.NaN) - Math.max(...asked.map((entry) => entry.startTime)),
    gesture: frameStats(reading.frames, start, end),
    scriptPerFrame:
      (((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)) * 1_000) /
      Math.max(1, frameStats(reading.frames, start, end).frames - 1),
  };
}

async function moves(page: Page, cdp: CDPSession, requests: MapRequests, profiled = false) {
  const box = (await page.getByTestId('kepler-map').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await sleep(500);
  const profiling = profiled ? await profileFrom(page, cdp) : undefined;
  const start = await pageNow(page);
  const done: Move[] = [];
  for (let step = 1; step <= zoomSteps; step++)
    done.push(
      await move(page, cdp, requests, `zoom ${step}`, async () => {
        const from = (await page.evaluate(() => (globalThis as unknown as PageGlobal).__mapBench!.zoom())) ?? 0;
        for (let notch = 0; notch < 20; notch++) {
          // A wheel's notch (Chromium on Linux: 120 px), as fast as the page takes them.
          await page.mouse.wheel(0, -120);
          await sleep(80);
          const now = await page.evaluate(() => (globalThis as unknown as PageGlobal).__mapBench!.zoom());
          if (now !== undefined && now >= from + 1) break;
        }
      }),
    );
  for (let pan = 1; pan <= pans; pan++)
    done.push(
      await move(page, cdp, requests, `pan ${pan} (300 px)`, async () => {
        // East, north, east…: each pan somewhere new (a view seen before is answered from the page's cache).
        const [dx, dy] = pan % 2 ? [-1, 0] : [0, 1];
        await page.mouse.move(centre.x, centre.y);
        await page.mouse.down();
        // 15 moves of 20 px, each once the page has taken the last (a frame apart at most).
        for (let part = 1; part <= 15; part++) {
          await page.mouse.move(centre.x + dx * part * 20, centre.y + dy * part * 20);
          await sleep(16);
        }
        await page.mouse.up();
      }),
    );
  const end = await pageNow(page);
  const reading = await read(page);
  const cpu = await profiling?.();
  /** The main thread's time by category in the gestures of these moves, per frame drawn in them. */
  const perFrame = (of: Move[]) => {
    if (!cpu) return undefined;
    const spent = timeByCategory(
      cpu.profile,
      cpu.offset,
      of.map((one) => [one.start, one.end]),
    );
    const frames = of.reduce((sum, one) => sum + Math.max(1, one.gesture.frames - 1), 0);
    return new Map([...spent].map(([category, ms]) => [category, ms / frames]));
  };
  return {
    moves: done,
    whole: frameStats(reading.frames, start, end),
    cpu: cpu && {
      zooms: perFrame(done.filter((one) => one.label.startsWith('zoom'))),
      pans: perFrame(done.filter((one) => one.label.startsWith('pan'))),
    },
  };
}

// ---- The run ----

const dataDir = join(tmpdir(), `nq-panel-${run}`);
if (profile !== 'distributed' && !existsSync(dataDir))
  throw new Error(
    `no kept panel run at ${dataDir}: make one with BENCH_RUN=${run} BENCH_PROBES=100000 BENCH_STEPS=2,3 BENCH_KEEP=1 ` +
      'npm run bench:panel',
  );
if (!existsSync(join(consoleDir, 'index.html'))) {
  console.info('[probes map] building the console (console/dist)…');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'console'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the console's build failed (${build.status})`);
}

console.info(
  `[probes map] run ${run} (${profile}), ${runs} runs, ${zoomSteps} zooms and ${pans} pans each; ${executablePath}; ` +
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
);
const startedAt = performance.now();
const platform = await startPanelPlatform(profile, { run, keep: true, environment: { CONSOLE_DIR: consoleDir } });
console.info(
  `[probes map] platform ${platform.pid} at ${platform.address} in ${((performance.now() - startedAt) / 1_000).toFixed(1)} s` +
    `${platform.kept ? " on the kept run's data" : ''}`,
);

const cold: Load[] = [];
const warm: Load[] = [];
const moved: Awaited<ReturnType<typeof moves>>[] = [];
const heaps: { used: number; collected: number }[] = [];
let profiled: { load: Load; moves: Awaited<ReturnType<typeof moves>> } | undefined;
const picture = join(tmpdir(), `probes-map-browser-${run}.png`);
const browser = await chromium.launch({
  executablePath,
  // As the browser tests launch it (tests/playwright.config.ts): WebGL still draws, through SwiftShader.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let context: BrowserContext | undefined;
try {
  if (!platform.kept) throw new Error(`run ${run} has no kept data: the map would be empty`);
  const login = await fetch(`${platform.address}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(administrator),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const session = await login.text();
  console.info(`[probes map] ${browser.version()}; load average ${loadavg()[0]!.toFixed(2)}`);

  for (let at = 0; at < runs; at++) {
    context = await browser.newContext({ baseURL: platform.address, viewport });
    await context.addInitScript(instrument, session);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const requests = mapRequestsOf(page);
    const answers = mapAnswersOf(page);

    const first = await measureLoad(page, cdp, requests, answers, () =>
      page.goto('/probes-map', { waitUntil: 'commit' }),
    );
    cold.push(first);
    if (at === 0) await page.getByTestId('kepler-map').screenshot({ path: picture });
    const again = await measureLoad(page, cdp, requests, answers, () => page.reload({ waitUntil: 'commit' }));
    warm.push(again);
    const interaction = await moves(page, cdp, requests);
    moved.push(interaction);
    if (at === 0) await page.getByTestId('kepler-map').screenshot({ path: picture.replace(/\.png$/, '-moved.png') });
    const used = (await metricsOf(cdp)).JSHeapUsedSize ?? 0;
    await cdp.send('HeapProfiler.collectGarbage');
    heaps.push({ used, collected: (await metricsOf(cdp)).JSHeapUsedSize ?? 0 });
    const text = await page.getByTestId('probes-in-view').textContent();
    console.info(
      `[probes map] run ${at + 1}: cold first draw ${seconds(first.firstDraw)} s, at rest ${seconds(first.areaDrawn)} s ` +
        `(${first.timeline}; ${first.features}, then ${first.areaFeatures})\n  warm ${seconds(again.firstDraw)} s, at rest ` +
        `${seconds(again.areaDrawn)} s (${again.timeline})\n  moves ${interaction.whole.fps.toFixed(1)} fps, longest ` +
        `frame ${interaction.whole.longest.toFixed(0)} ms, zoom ${interaction.moves[0]?.zoomFrom.toFixed(1)} → ` +
        `${interaction.moves.at(-1)?.zoomTo.toFixed(1)}; "${text}"; load average ${loadavg()[0]!.toFixed(2)}` +
        (errors.length ? `; page errors: ${errors.join(' | ').slice(0, 300)}` : ''),
    );
    await context.close();
    context = undefined;
  }

  if (process.env.BENCH_CPU_PROFILE !== '0') {
    // Apart from the timed runs (the profiler's sampling costs the page some time): where the main thread's time goes.
    context = await browser.newContext({ baseURL: platform.address, viewport });
    await context.addInitScript(instrument, session);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const requests = mapRequestsOf(page);
    const load = await measureLoad(
      page,
      cdp,
      requests,
      mapAnswersOf(page),
      () => page.goto('/probes-map', { waitUntil: 'commit' }),
      true,
    );
    const interaction = await moves(page, cdp, requests, true);
    profiled = { load, moves: interaction };
    console.info(
      `[probes map] profiled run: cold first draw ${seconds(load.firstDraw)} s, at rest ${seconds(load.areaDrawn)} s ` +
        `(${load.timeline})`,
    );
    await context.close();
    context = undefined;
  }
} finally {
  await context?.close().catch(() => undefined);
  await browser.close();
  await platform.stop();
}

// ---- The table ----

const row = (label: string, of: (load: Load) => number, format: (value: number) => string, notes = '') =>
  `| ${label} | ${format(p(cold.map(of), 0.5))} / ${format(p(cold.map(of), 0.95))} | ` +
  `${format(p(warm.map(of), 0.5))} / ${format(p(warm.map(of), 0.95))} | ${notes} |`;
const s = (value: number) => seconds(value);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '—');
console.info(
  `\nprobes map, 100,000-probe panel (run ${run}, ${profile}), ${runs} runs; Chromium ${browser.version()} with ` +
    'SwiftShader (WebGL on the CPU: a real GPU draws faster); times from navigation\n',
);
console.info('| from navigation | cold p50 / p95 | warm p50 / p95 | notes |');
console.info('|---|---|---|---|');
const rows: [string, (load: Load) => number, (value: number) => string, string][] = [
  ['**clusters drawn (first draw), s**', (load) => load.firstDraw, s, `the whole fleet: ${cold[0]!.features}`],
  ['**the area at rest drawn, s**', (load) => load.areaDrawn, s, `then what it shows: ${cold[0]!.areaFeatures}`],
  ['first /api/probes/map asked, s', (load) => load.firstAnswer - load.firstAnswerMs, s, 'no bbox: the whole world'],
  ['  answered, s', (load) => load.firstAnswer, s, ''],
  ['  its request, ms', (load) => load.firstAnswerMs, ms, 'start → last byte'],
  ['  of which the server, ms', (load) => load.firstAnswerServerMs, ms, 'request sent → first byte'],
  ['  its size, KiB', (load) => load.firstAnswerBytes / 1_024, ms, `on the wire ${kib(cold[0]!.firstAnswerTransfer)}`],
  ['probe count rendered, s', (load) => load.count, s, 'React wrote "… probes in view"'],
  ['KeplerMap chunk asked, s', (load) => load.keplerAsked, s, 'once the first answer is in (lazy)'],
  ['  loaded, s', (load) => load.keplerLoaded, s, `on the wire cold ${kib(cold[0]!.keplerTransfer)}`],
  ['scripts on the wire, KiB', (load) => load.scriptsTransfer / 1_024, ms, 'every .js the page fetched'],
  ['map canvas present, s', (load) => load.canvas, s, "kepler's WebGL canvas"],
  ["clusters in kepler's store, s", (load) => load.data, s, 'datasets and their layer data'],
  [
    "clusters' draw calls issued, s",
    (load) => load.drawCalls,
    s,
    'their layers drawn in WebGL commands: a GPU draws them within a frame, SwiftShader by the first row',
  ],
  ['long tasks before the first draw, ms', (load) => load.longTaskMs, ms, 'sum of tasks > 50 ms'],
  ['  the longest, ms', (load) => load.longestTask, ms, ''],
  ['longest frame before the first draw, ms', (load) => load.longestFrame, ms, ''],
  ['the area at rest asked, s', (load) => load.areaAsked, s, '250 ms after the map is placed and drawn'],
  ['  its request, ms', (load) => load.areaAnswerMs, ms, '/api/probes/map?bbox=…&zoom=…'],
  ['  its size, KiB', (load) => load.areaBytes / 1_024, ms, ''],
  ["  its clusters' draw calls issued, s", (load) => load.areaDrawCalls, s, ''],
  [
    'main thread busy until drawn at rest, ms',
    (load) => load.taskMs,
    ms,
    'CDP TaskDuration, SwiftShader waits included',
  ],
  ['  of which script, ms', (load) => load.scriptMs, ms, 'CDP ScriptDuration'],
  ['JS heap once drawn, MB', (load) => load.heapUsed / 1_048_576, ms, 'CDP JSHeapUsedSize'],
];
for (const [label, of, format, notes] of rows) console.info(row(label, of, format, notes));

const labels = moved[0]?.moves.map((one) => one.label) ?? [];
const median = (values: number[]) => p(values, 0.5);
console.info(
  '\n| move (warm page) | zoom | gesture ms | requests a run | request ms p50 / p95 | answer KiB | ' +
    'last request asked → drawn (→ its draw calls), ms p50 / p95 | gesture end → drawn, ms p50 | ' +
    'fps in the gesture p50 | ' +
    'longest frame in it, ms p50 / max | script per frame, ms p50 |',
);
console.info('|---|---|---|---|---|---|---|---|---|---|---|');
labels.forEach((label, index) => {
  const of = moved.map((one) => one.moves[index]!);
  const answers = of.flatMap((one) => one.answerMs);
  const asked = of.map((one) => one.askedToDrawn);
  const calls = of.map((one) => one.askedToDrawCalls);
  const longest = of.map((one) => one.gesture.longest);
  const cancelled = of.reduce((sum, one) => sum + one.cancelled, 0);
  const undrawn = of.filter((one) => !Number.isFinite(one.askedToDrawn)).length;
  const requests = `${(of.reduce((sum, one) => sum + one.requests, 0) / of.length).toFixed(1)}`;
  console.info(
    `| ${label} | ${median(of.map((one) => one.zoomFrom)).toFixed(1)} → ${median(of.map((one) => one.zoomTo)).toFixed(1)} | ` +
      `${ms(median(of.map((one) => one.gestureMs)))} | ${requests}${cancelled ? ` (${cancelled} cancelled in all)` : ''}` +
      `${undrawn ? `; ${undrawn} of ${of.length} brought nothing new` : ''} | ` +
      `${ms(p(answers, 0.5))} / ${ms(p(answers, 0.95))} | ${ms(median(of.map((one) => one.bytes)) / 1_024)} | ` +
      `${ms(p(asked, 0.5))} / ${ms(p(asked, 0.95))} (${ms(p(calls, 0.5))} / ${ms(p(calls, 0.95))}) | ${ms(median(of.map((one) => one.drawnAfterGesture)))} | ` +
      `${median(of.map((one) => one.gesture.fps)).toFixed(1)} | ${ms(median(longest))} / ${ms(Math.max(...longest))} | ` +
      `${median(of.map((one) => one.scriptPerFrame)).toFixed(1)} |`,
  );
});
const whole = moved.map((one) => one.whole);
console.info(
  `\nthe moves whole (gestures, waits and redraws): ${median(whole.map((one) => one.fps)).toFixed(1)} fps p50, ` +
    `longest frame p50 ${ms(median(whole.map((one) => one.longest)))} / max ` +
    `${ms(Math.max(...whole.map((one) => one.longest)))} ms, frames over 50 ms p50 ` +
    `${median(whole.map((one) => one.over50))} a run (SwiftShader: WebGL on the CPU)`,
);
if (looseDraws)
  console.info(
    `${looseDraws} draws timed by the first draw call after their data: no draw of their layers' instances was seen`,
  );
console.info(
  `JS heap after the moves: ${mib(median(heaps.map((heap) => heap.used)))} used p50, ` +
    `${mib(median(heaps.map((heap) => heap.collected)))} after a collection; the map's pictures: ${picture} ` +
    `(and -moved.png); load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
);

if (profiled?.load.cpu && profiled.moves.cpu) {
  const [toFirstDraw, toRest] = profiled.load.cpu as [Map<Category, number>, Map<Category, number>];
  const { zooms, pans: panning } = profiled.moves.cpu;
  console.info(
    `\nwhere the page's main thread spends it (one more cold run, CPU profile at 1 ms; first draw ` +
      `${seconds(profiled.load.firstDraw)} s, at rest ${seconds(profiled.load.areaDrawn)} s)\n`,
  );
  console.info(
    '| main thread | navigation → first draw, ms | first draw → area drawn, ms | zoom gestures, ms a frame | ' +
      'pans, ms a frame |',
  );
  console.info('|---|---|---|---|---|');
  for (const category of categories)
    console.info(
      `| ${category} | ${ms(toFirstDraw.get(category) ?? 0)} | ${ms(toRest.get(category) ?? 0)} | ` +
        `${(zooms?.get(category) ?? 0).toFixed(1)} | ${(panning?.get(category) ?? 0).toFixed(1)} |`,
    );
}

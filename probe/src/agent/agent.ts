import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  batchAnswerSchema,
  gatewayConfigurationSchema,
  type Launch,
  type LaunchReport,
  type Measurement,
  type ProbeStatusReport,
  type Task,
  taskSchema,
  testTypeOfTask,
} from '@nq/contracts';
import type { RunContext, RunTask, TaskResult } from '../measure/task-result.ts';
import { agentVersion } from './agent-version.ts';
import { clockOffset } from './clock-offset.ts';
import { type Enrolment, readEnrolment, writeEnrolment } from './credentials-file.ts';
import { type GatewayClient, GatewayUnavailable, gatewayClient, RetryLater } from './gateway-client.ts';
import { type ProbeSettings, probeSettingsOf } from './probe-settings.ts';
import { openResultJournal } from './result-journal.ts';
import { wakeableSleep } from './wakeable-sleep.ts';
import { writeFileDurably } from './write-durably.ts';

export interface AgentOptions {
  /** Where the agent keeps its enrolment, its configuration and its results (its own, mode 0700). */
  stateDir: string;
  /** Enrols (or enrols again) with these; without them, the enrolment kept in `stateDir`. */
  enrolment?: Enrolment;
  runTask: RunTask;
  speedServer?: RunContext['speedServer'];
  /** Results kept at most while the gateway cannot take them; past it the oldest are dropped (counted). */
  capacity?: number;
  /** Results per request, at most the gateway's batch limit (1,000). */
  batchSize?: number;
  configurationEveryMs?: number;
  commandsEveryMs?: number;
  /** Defaults when the configuration says nothing (its backend settings win). */
  statusEveryMs?: number;
  sendEveryMs?: number;
  log?: (line: string) => void;
  /** Told the measurement ids of results once they are kept on disk. */
  onKept?: (measurementIds: string[]) => void;
}

export interface AgentState {
  probeId: string;
  version: string;
  bufferedResults: number;
  droppedResults: number;
  /** Results the gateway refused for good (each logged with its problems). */
  refusedResults: number;
  sentResults: number;
  clockOffsetMs: number;
  lastContact?: string;
  tasks: number;
}

const BACKOFF_MAX_MS = 60_000;
/** The least time between two status reports, whatever the configuration says. */
const STATUS_MIN_MS = 5_000;

const launchState = (status: Measurement['status']): LaunchReport['state'] =>
  status === 'Finished' ? 'Finished' : status === 'Cancelled' ? 'Cancelled' : 'Error';

/**
 * The probe agent: runs its task suite on the machine it is on and keeps every result on disk until the gateway has
 * acknowledged it. Loops, each on its own clock: the configuration (If-None-Match, kept on disk so that a probe that
 * starts offline still measures), the schedule (each task every `interval`, one task at a time so that tests do not
 * disturb each other, launched measurements first), the sender (batches of the oldest results; 429/503 wait what the
 * gateway asks, an unreachable gateway is tried again with a growing pause), status reports, and launches (a launch
 * no longer listed was cancelled: its run is stopped).
 */
export async function startAgent(options: AgentOptions) {
  const log = options.log ?? (() => undefined);
  const enrolmentPath = join(options.stateDir, 'enrolment.json');
  const configurationPath = join(options.stateDir, 'configuration.json');
  let enrolment = await readEnrolment(enrolmentPath);
  const given = options.enrolment;
  if (
    given &&
    (!enrolment ||
      enrolment.probeId !== given.probeId ||
      enrolment.gatewayUrl !== given.gatewayUrl ||
      enrolment.credentials.clientId !== given.credentials.clientId)
  ) {
    enrolment = given;
    await writeEnrolment(enrolmentPath, enrolment);
  }
  if (!enrolment) throw new Error(`not enrolled: no probe id and credentials given, none kept in ${options.stateDir}`);
  const { probeId } = enrolment;
  const journal = await openResultJournal(join(options.stateDir, 'results'), options.capacity ?? 100_000);
  const clock = clockOffset();
  const gateway: GatewayClient = gatewayClient({
    gatewayUrl: enrolment.gatewayUrl,
    credentials: () => enrolment!.credentials,
    saveCredentials: async (credentials) => {
      const renewed = { ...enrolment!, credentials };
      await writeEnrolment(enrolmentPath, renewed);
      enrolment = renewed;
    },
    clock,
    userAgent: `nq-probe/${agentVersion}`,
    log,
  });
  const stopping = new AbortController();
  const state = { refused: 0, sent: 0, lastContact: undefined as string | undefined };
  const contact = () => {
    state.lastContact = new Date(clock.platformNow()).toISOString();
  };

  let settings: ProbeSettings = probeSettingsOf({}, null, options);
  let etag: string | undefined;
  const applyConfiguration = (text: string) => {
    const configuration = gatewayConfigurationSchema.parse(JSON.parse(text));
    settings = probeSettingsOf(configuration.probe, configuration.taskSuite, options);
    for (const { id, problem } of settings.unreadableTasks) log(`task ${id} not run: ${problem}`);
    reschedule();
    return configuration.version;
  };

  // The schedule: when each task of the suite runs next.
  const nextRun = new Map<string, number>();
  const scheduler = wakeableSleep(stopping.signal);
  function reschedule() {
    const now = Date.now();
    const ids = new Set(settings.tasks.map((task) => task.id));
    for (const id of nextRun.keys()) if (!ids.has(id)) nextRun.delete(id);
    // A new task starts within its interval (at most 5 s in), so that a suite's tasks do not all start at once.
    for (const task of settings.tasks)
      if (!nextRun.has(task.id)) nextRun.set(task.id, now + Math.random() * Math.min(task.interval, 5_000));
    scheduler.wake();
  }

  const cached = await readFile(configurationPath, 'utf8').catch(() => undefined);
  if (cached) {
    try {
      etag = `"${applyConfiguration(cached)}"`;
      log(`configuration kept on disk: ${settings.tasks.length} tasks`);
    } catch (error) {
      log(`configuration kept on disk unreadable (${(error as Error).message}): waiting for the gateway's`);
    }
  }

  const measurementOf = (task: Task, result: TaskResult, measuredAt: string): Measurement => ({
    schemaVersion: 1,
    measurementId: randomUUID(),
    probeId,
    ...(settings.taskSuite ? { taskSuite: settings.taskSuite } : {}),
    program: task.id,
    testType: result.testType,
    ...(result.destination ? { destination: result.destination } : {}),
    technology: settings.technology,
    ...(settings.isp ? { isp: settings.isp } : {}),
    measuredAt,
    ...(settings.location ? { location: settings.location } : {}),
    taskMode: 'active',
    status: result.status,
    ...(result.failure ? { failure: result.failure } : {}),
    kpis: result.kpis,
    device: { appVersion: agentVersion },
    details: { ...result.details, tool: `nq-probe ${agentVersion}` },
  });

  /** Runs a task once (within its timeout, stopped by `signal`): its measurements, one per destination, never none. */
  async function measure(task: Task, signal: AbortSignal): Promise<Measurement[]> {
    const measuredAt = new Date(clock.platformNow()).toISOString();
    // The task's timeout is the runner's to keep: an overrun ends as an error (timeout), a stop as `Cancelled`.
    const context: RunContext = { signal, ...(options.speedServer ? { speedServer: options.speedServer } : {}) };
    let results: TaskResult[];
    try {
      results = await options.runTask(task, context);
    } catch (error) {
      results = [];
      log(`task ${task.id} failed: ${(error as Error).message}`);
    }
    if (results.length === 0)
      results = [
        {
          testType: testTypeOfTask(task.type) ?? 'icmp-ping',
          status: signal.aborted ? 'Cancelled' : 'Error',
          kpis: {},
          failure: { reason: 'other', detail: 'the run ended without a result' },
        },
      ];
    return results.map((result) => measurementOf(task, result, measuredAt));
  }

  async function keep(measurements: Measurement[]) {
    await journal.append(measurements);
    if (measurements.length > 0) options.onKept?.(measurements.map((measurement) => measurement.measurementId));
    if (settings.sendEveryMs === 0) sender.wake();
  }

  // Launches: given by the gateway, run before the schedule's next task, reported when over.
  const launches = new Map<string, { launch: Launch; controller: AbortController }>();
  const launchQueue: string[] = [];
  // Launches whose run is over and whose report is under way: a poll that no longer lists them does not cancel them.
  const reportsPending = new Set<string>();
  // Launches over here (reported or cancelled): a poll answered before the platform knew is not a new launch.
  const ended = new Set<string>();

  async function runLaunch(id: string) {
    const entry = launches.get(id);
    if (!entry || entry.controller.signal.aborted) return;
    const task = taskSchema.safeParse(entry.launch.task);
    let report: LaunchReport;
    let rest: Measurement[] = [];
    if (!task.success) {
      log(`launch ${id}: its task is not one this agent reads`);
      report = { state: 'Error' };
    } else {
      const measurements = await measure(task.data, AbortSignal.any([entry.controller.signal, stopping.signal]));
      if (entry.controller.signal.aborted) return; // Cancelled on the platform: nothing to tell it.
      const [first, ...others] = measurements;
      rest = others;
      report = { state: launchState(first!.status), measurement: first! };
    }
    reportsPending.add(id);
    try {
      await keep(rest);
      await reportLaunch(id, report);
    } finally {
      reportsPending.delete(id);
      launches.delete(id);
      ended.add(id);
    }
  }

  /** Tells the gateway how a launch ended, again until it answers (a 409: it ended there meanwhile). */
  async function reportLaunch(id: string, report: LaunchReport) {
    const retry = wakeableSleep(stopping.signal);
    for (let pause = 1_000; !stopping.signal.aborted; pause = Math.min(pause * 2, BACKOFF_MAX_MS)) {
      try {
        const answer = await gateway.request('POST', `/commands/${id}`, report);
        contact();
        if (answer.status !== 200) log(`launch ${id} report answered ${answer.status}`);
        break;
      } catch (error) {
        if (error instanceof RetryLater) pause = error.afterMs;
        else if (!(error instanceof GatewayUnavailable)) throw error;
        await retry.sleep(pause);
      }
    }
  }

  async function scheduleLoop() {
    while (!stopping.signal.aborted) {
      const launchId = launchQueue.shift();
      if (launchId) {
        await runLaunch(launchId).catch((error: Error) => log(`launch ${launchId}: ${error.message}`));
        continue;
      }
      const now = Date.now();
      const due = settings.tasks
        .filter((task) => (nextRun.get(task.id) ?? Number.POSITIVE_INFINITY) <= now)
        .sort((a, b) => nextRun.get(a.id)! - nextRun.get(b.id)!)[0];
      if (!due) {
        const soonest = Math.min(...nextRun.values(), now + 60_000);
        await scheduler.sleep(soonest - now);
        continue;
      }
      // The next run counts from this one's start: a run longer than its interval is followed at once by the next.
      nextRun.set(due.id, now + due.interval);
      await keep(await measure(due, stopping.signal)).catch((error: Error) =>
        log(`results of ${due.id} not kept: ${error.message}`),
      );
    }
  }

  const sender = wakeableSleep(stopping.signal);
  async function sendLoop() {
    let pause = 1_000;
    while (!stopping.signal.aborted) {
      if (journal.size === 0) {
        await sender.sleep(settings.sendEveryMs || 60_000);
        continue;
      }
      const batch = await journal.oldest(options.batchSize ?? 500);
      try {
        const answer = await gateway.request('POST', '/results', { items: batch.map((entry) => entry.measurement) });
        if (answer.status !== 202) throw new GatewayUnavailable(`results answered ${answer.status}`);
        contact();
        const { accepted, rejected } = batchAnswerSchema.parse(answer.body);
        for (const refusal of rejected)
          log(
            `result ${batch[refusal.index]?.measurement.measurementId} refused: ${refusal.problems
              .map((problem) => `${problem.field}: ${problem.message}`)
              .join('; ')}`,
          );
        state.refused += rejected.length;
        state.sent += accepted;
        await journal.remove(batch.map((entry) => entry.key));
        pause = 1_000;
        // More waiting: at once; else the report interval lets results gather into one batch.
        if (journal.size === 0 && settings.sendEveryMs > 0) await sender.sleep(settings.sendEveryMs);
      } catch (error) {
        const wait = error instanceof RetryLater ? error.afterMs : pause;
        log(`${journal.size} results kept, sent again in ${Math.round(wait / 1000)} s: ${(error as Error).message}`);
        await wakeableSleep(stopping.signal).sleep(wait + Math.random() * 250);
        if (!(error instanceof RetryLater)) pause = Math.min(pause * 2, BACKOFF_MAX_MS);
      }
    }
  }

  /** Calls `work` every `everyMs()`, its failures logged (once per kind in a row) and tried again next time. */
  async function every(name: string, everyMs: () => number, work: () => Promise<void>) {
    const pause = wakeableSleep(stopping.signal);
    let lastFailure = '';
    while (!stopping.signal.aborted) {
      try {
        await work();
        lastFailure = '';
      } catch (error) {
        const failure = (error as Error).message;
        if (failure !== lastFailure) log(`${name}: ${failure}`);
        lastFailure = failure;
        if (error instanceof RetryLater) {
          await pause.sleep(error.afterMs);
          continue;
        }
      }
      await pause.sleep(everyMs());
    }
  }

  async function refreshConfiguration() {
    const answer = await gateway.request('GET', '/configuration', undefined, etag ? { 'if-none-match': etag } : {});
    contact();
    if (answer.status === 304) return;
    if (answer.status !== 200) throw new Error(`configuration answered ${answer.status}`);
    const text = JSON.stringify(answer.body);
    const version = applyConfiguration(text);
    etag = `"${version}"`;
    await writeFileDurably(configurationPath, text);
    log(`configuration ${version}: ${settings.tasks.length} tasks`);
  }

  function statusReport(): ProbeStatusReport {
    return {
      probeId,
      reportedAt: new Date(clock.platformNow()).toISOString(),
      state: 'Available',
      technology: settings.technology,
      ...(settings.isp ? { operator: settings.isp } : {}),
      softwareVersion: agentVersion,
      bufferedResults: journal.size,
      droppedResults: journal.dropped,
      clockOffsetMs: clock.offsetMs,
      ...(settings.location ? { location: settings.location } : {}),
    };
  }

  async function sendStatus() {
    const answer = await gateway.request('POST', '/status', { items: [statusReport()] });
    if (answer.status !== 202) throw new Error(`status answered ${answer.status}`);
    contact();
  }

  async function pollCommands() {
    const answer = await gateway.request('GET', '/commands');
    if (answer.status !== 200) throw new Error(`commands answered ${answer.status}`);
    contact();
    const listed = new Map(((answer.body as { list?: Launch[] }).list ?? []).map((launch) => [launch.id, launch]));
    for (const [id, entry] of launches)
      if (!listed.has(id) && !reportsPending.has(id)) {
        // No longer in progress on the platform (cancelled, or timed out): stopped here too, never reported.
        log(`launch ${id} cancelled`);
        entry.controller.abort();
        launches.delete(id);
        ended.add(id);
      }
    for (const [id, launch] of listed)
      if (!launches.has(id) && !ended.has(id)) {
        launches.set(id, { launch, controller: new AbortController() });
        launchQueue.push(id);
        log(`launch ${id}: ${String(launch.task.type)}`);
        scheduler.wake();
      }
  }

  const loops = [
    every('configuration', () => options.configurationEveryMs ?? 60_000, refreshConfiguration),
    scheduleLoop(),
    sendLoop(),
    every('status', () => Math.max(settings.statusEveryMs, STATUS_MIN_MS), sendStatus),
    every('commands', () => options.commandsEveryMs ?? 10_000, pollCommands),
  ];
  log(`probe ${probeId} agent ${agentVersion} started, ${journal.size} results kept from before`);

  return {
    probeId,
    state: (): AgentState => ({
      probeId,
      version: agentVersion,
      bufferedResults: journal.size,
      droppedResults: journal.dropped,
      refusedResults: state.refused,
      sentResults: state.sent,
      clockOffsetMs: clock.offsetMs,
      ...(state.lastContact ? { lastContact: state.lastContact } : {}),
      tasks: settings.tasks.length,
    }),
    /** Stops measuring and sending: what is kept stays on disk for the next start. */
    async stop() {
      stopping.abort();
      for (const entry of launches.values()) entry.controller.abort();
      await Promise.allSettled(loops);
    },
  };
}

export type Agent = Awaited<ReturnType<typeof startAgent>>;

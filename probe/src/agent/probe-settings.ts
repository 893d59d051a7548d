import { type Measurement, type ReportMode, type Task, taskSchema } from '@nq/contracts';

/** What the agent reads in its configuration: how its results are labelled, what it runs and how often it reports. */
export interface ProbeSettings {
  technology: Measurement['technology'];
  isp?: string;
  location?: { lat: number; lon: number };
  taskSuite?: string;
  tasks: Task[];
  /** Tasks of the suite the agent could not read (a newer platform's), with why: reported, not run. */
  unreadableTasks: { id: string; problem: string }[];
  /** How often it sends a status report (ms). */
  statusEveryMs: number;
  /** How long results wait before they are sent (ms; 0: as soon as they are measured). */
  sendEveryMs: number;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const accessTechnology: Record<string, Measurement['technology']> = { ethernet: 98, wifi: 99, mobile: 4 };

/** The technology the probe's results carry: forced on the device, else its connection's access type, else its type. */
function technologyOf(probe: Record<string, unknown>): Measurement['technology'] {
  const forced = record(probe.device).forceTechnology;
  if (typeof forced === 'number') return forced as Measurement['technology'];
  const access = record(probe.connection).accessType;
  const byAccess = typeof access === 'string' ? accessTechnology[access.toLowerCase()] : undefined;
  return byAccess ?? (probe.type === 'mobile' ? 4 : 98);
}

interface ReportSettings {
  mode?: ReportMode;
  interval?: number;
}

/** How long results wait: at once when the suite says so, else its interval, else `defaultMs`. */
function reportEveryMs(settings: ReportSettings | undefined, defaultMs: number) {
  if (settings?.mode === 'Immediately') return 0;
  return typeof settings?.interval === 'number' && settings.interval > 0 ? settings.interval : defaultMs;
}

export const DEFAULT_STATUS_EVERY_MS = 60_000;
export const DEFAULT_SEND_EVERY_MS = 10_000;

/** Reads the probe's settings and its suite (as the gateway serves them) into what the agent needs. */
export function probeSettingsOf(
  probe: Record<string, unknown>,
  suite: Record<string, unknown> | null,
  defaults: { statusEveryMs?: number; sendEveryMs?: number } = {},
): ProbeSettings {
  const tasks: Task[] = [];
  const unreadableTasks: ProbeSettings['unreadableTasks'] = [];
  for (const task of Array.isArray(suite?.tasks) ? suite.tasks : []) {
    const parsed = taskSchema.safeParse(task);
    if (parsed.success) tasks.push(parsed.data);
    else
      unreadableTasks.push({
        id: String(record(task).id ?? '?'),
        problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      });
  }
  // The probe's own backend settings win over its suite's.
  const backend = { ...record(suite?.backendInfo), ...record(probe.backendInfo) };
  const operator = record(probe.connection).operator;
  const { latitude, longitude } = probe;
  return {
    technology: technologyOf(probe),
    ...(typeof operator === 'string' && operator ? { isp: operator } : {}),
    ...(typeof latitude === 'number' && typeof longitude === 'number'
      ? { location: { lat: latitude, lon: longitude } }
      : {}),
    ...(typeof suite?.id === 'string' ? { taskSuite: suite.id } : {}),
    tasks,
    unreadableTasks,
    statusEveryMs: reportEveryMs(
      backend.statusReport as ReportSettings | undefined,
      defaults.statusEveryMs ?? DEFAULT_STATUS_EVERY_MS,
    ),
    sendEveryMs: reportEveryMs(
      backend.resultReport as ReportSettings | undefined,
      defaults.sendEveryMs ?? DEFAULT_SEND_EVERY_MS,
    ),
  };
}

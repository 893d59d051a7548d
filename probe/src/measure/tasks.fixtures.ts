import type { TaskOf, TaskType } from '@nq/contracts';
import type { RunContext } from './task-result.ts';

// Tasks for the runners' tests, built as the agent receives them (defaults filled in) but not through the schema: a
// test runs for a second where the schema wants ten, to keep the suite short.

const base = (type: string) => ({
  id: `test-${type}`,
  name: `${type} test`,
  interval: 60_000,
  timeout: 60_000,
  multitask: 'none' as const,
});

const defaults: { [Type in TaskType]?: Omit<TaskOf<Type>, keyof ReturnType<typeof base> | 'type'> } = {
  'icmp-ping': { servers: [], count: 3, packetSize: 56, packetInterval: 20, percentiles: [50, 90] },
  'tcp-ping': { servers: [], count: 3, packetSize: 56, packetInterval: 20, percentiles: [50, 90], port: 80 },
  twamp: { servers: [], packetSize: 64, count: 5, packetInterval: 20 },
  gaming: { servers: [], duration: 500, packetSize: 64, packetInterval: 50 },
  voip: { destination: '+34600000000', duration: 400, codec: 'G.711' },
  dns: { domains: [], recordType: 'A', resolver: 'external', servers: [] },
  'web-browsing': { urls: [], pageLoadTimeout: 10_000 },
  'http-download': {
    servers: [],
    duration: 1_000,
    threads: { initial: 1, max: 1 },
    connectTimeout: 5_000,
    transferTimeout: 10_000,
    rampUp: 0,
    percentiles: [50, 90],
  },
  'http-upload': {
    servers: [],
    duration: 1_000,
    threads: { initial: 1, max: 1 },
    connectTimeout: 5_000,
    transferTimeout: 10_000,
    rampUp: 0,
    percentiles: [50, 90],
  },
  traceroute: { host: '127.0.0.1', hops: 5, ttl: 30_000, protocol: 'udp' },
};

/** A task of this type, its arguments short and small unless `changes` say otherwise. */
export const testTask = <Type extends TaskType>(type: Type, changes: Partial<TaskOf<Type>> = {}): TaskOf<Type> =>
  ({ ...base(type), type, ...defaults[type], ...changes }) as unknown as TaskOf<Type>;

/** A run context that is never aborted (unless given a signal). */
export const testContext = (changes: Partial<RunContext> = {}): RunContext => ({
  signal: new AbortController().signal,
  ...changes,
});

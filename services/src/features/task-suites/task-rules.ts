import { DomainError, type HttpErrorCode, type Task, tracerouteFixedMs, tracerouteMsPerHop } from '@nq/contracts';

// Task rules (docs/product/rules.md#task-rules) that compare fields of a task, or tasks of a suite. Limits on a single
// field are in the task schemas (contracts/src/fleet/task-arguments.ts).

/** A broken rule: its code and the field (of the task) it points at. */
export interface TaskProblem {
  code: HttpErrorCode;
  field: string;
  details?: Record<string, number>;
}

type TaskCheck = (task: Task) => TaskProblem | undefined;

const problemIf = (broken: boolean, problem: TaskProblem) => (broken ? problem : undefined);

/** The timeout exceeds the connect plus transfer time (tasks with both) and the duration (tasks with one). */
const timeoutCoversTheRun: TaskCheck = (task) => {
  const connectAndTransfer =
    'connectTimeout' in task ? task.connectTimeout + task.transferTimeout : Number.NEGATIVE_INFINITY;
  const least = Math.max(connectAndTransfer, task.duration ?? Number.NEGATIVE_INFINITY);
  return problemIf(task.timeout <= least, {
    code: 'taskSuites.timeoutTooShort',
    field: 'timeout',
    details: { timeout: task.timeout, least },
  });
};

const ftpTimeoutCoversEstablishment: TaskCheck = (task) => {
  if (!('ftpEstablishmentTimeout' in task)) return undefined;
  const least = task.transferTimeout + task.ipEstablishmentTimeout + task.ftpEstablishmentTimeout;
  return problemIf(task.timeout < least, {
    code: 'taskSuites.ftpTimeoutTooShort',
    field: 'timeout',
    details: { timeout: task.timeout, least },
  });
};

const ftpBurstDelayFitsTheInterval: TaskCheck = (task) =>
  'burstDelay' in task
    ? problemIf(task.burstDelay % task.interval !== 0, {
        code: 'taskSuites.ftpBurstDelayInvalid',
        field: 'burstDelay',
        details: { burstDelay: task.burstDelay, interval: task.interval },
      })
    : undefined;

const maxThreadsAtLeastInitial: TaskCheck = (task) =>
  'threads' in task
    ? problemIf(task.threads.max < task.threads.initial, {
        code: 'taskSuites.maxThreadsBelowInitial',
        field: 'threads.max',
      })
    : undefined;

const tracerouteTtlCoversHops: TaskCheck = (task) => {
  if (task.type !== 'traceroute') return undefined;
  const least = task.hops * tracerouteMsPerHop + tracerouteFixedMs;
  return problemIf(task.ttl <= least, {
    code: 'taskSuites.tracerouteTtlTooShort',
    field: 'ttl',
    details: { ttl: task.ttl, least },
  });
};

/** Whether the task measures against its own servers: HTTP without a URL, DNS on external servers, the others always. */
const measuresAgainstServers = (task: Task) => {
  if (task.type === 'http-download' || task.type === 'http-upload') return task.url === undefined;
  if (task.type === 'dns') return task.resolver === 'external';
  return 'servers' in task;
};

const serversGiven: TaskCheck = (task) =>
  problemIf(measuresAgainstServers(task) && 'servers' in task && task.servers.length === 0, {
    code: 'taskSuites.serversRequired',
    field: 'servers',
  });

const anyDnsOnExternalServers: TaskCheck = (task) =>
  task.type === 'dns'
    ? problemIf(task.recordType === 'ANY' && task.resolver !== 'external', {
        code: 'taskSuites.anyDnsRequiresExternal',
        field: 'recordType',
      })
    : undefined;

const taskChecks: TaskCheck[] = [
  serversGiven,
  maxThreadsAtLeastInitial,
  ftpTimeoutCoversEstablishment,
  timeoutCoversTheRun,
  ftpBurstDelayFitsTheInterval,
  tracerouteTtlCoversHops,
  anyDnsOnExternalServers,
];

/** The first rule a task breaks, if any. */
export const taskProblem = (task: Task): TaskProblem | undefined =>
  taskChecks.reduce<TaskProblem | undefined>((found, check) => found ?? check(task), undefined);

const refuse = (index: number, { code, field, details }: TaskProblem) =>
  new DomainError(code, { details: { field: `tasks.${index}.${field}`, ...details } });

/** Refuses a suite whose tasks break a rule, share an id, or put two voice-polqa tasks one after the other. */
export function checkTasks(tasks: readonly Task[]): void {
  const seen = new Set<string>();
  tasks.forEach((task, index) => {
    const problem = taskProblem(task);
    if (problem) throw refuse(index, problem);
    if (seen.has(task.id)) throw refuse(index, { code: 'taskSuites.taskIdDuplicate', field: 'id' });
    seen.add(task.id);
    if (task.type === 'voice-polqa' && tasks[index - 1]?.type === 'voice-polqa')
      throw refuse(index, { code: 'taskSuites.consecutivePolqa', field: 'type' });
  });
}

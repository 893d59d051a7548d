import {
  type CatalogueWarning,
  chromeInitialisationMs,
  polqaCadenceAdvisedMs,
  type Task,
  taskIntervalAdvisedMs,
  warning,
} from '@nq/contracts';

// Task rules (docs/product/rules.md#task-rules) that advise or discourage rather than require: answered as warnings,
// the suite is stored.

type TaskAdvice = (task: Task, index: number) => CatalogueWarning | undefined;

const about = (task: Task, index: number, field: string) => ({ task: task.name, field: `tasks.${index}.${field}` });

const intervalNotTooShort: TaskAdvice = (task, index) =>
  task.interval < taskIntervalAdvisedMs
    ? warning('taskSuites.shortTaskInterval', about(task, index, 'interval'))
    : undefined;

const polqaCadence: TaskAdvice = (task, index) =>
  task.type === 'voice-polqa' && task.interval < polqaCadenceAdvisedMs
    ? warning('taskSuites.polqaCadence', about(task, index, 'interval'))
    : undefined;

/** Chrome's start-up comes before the browsing (its duration, or else every page's load timeout) within the timeout. */
const chromeStartAllowedFor: TaskAdvice = (task, index) => {
  if (task.type !== 'web-browsing') return undefined;
  const browsing = task.duration ?? task.pageLoadTimeout * task.urls.length;
  return task.timeout < chromeInitialisationMs + browsing
    ? warning('taskSuites.chromeInitialisation', about(task, index, 'timeout'))
    : undefined;
};

const advice: TaskAdvice[] = [intervalNotTooShort, polqaCadence, chromeStartAllowedFor];

/** Every piece of advice the tasks of a suite deserve, task by task. */
export const taskWarnings = (tasks: readonly Task[]): CatalogueWarning[] =>
  tasks.flatMap((task, index) => advice.flatMap((advise) => advise(task, index) ?? []));

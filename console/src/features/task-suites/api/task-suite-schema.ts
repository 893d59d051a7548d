import { backendInfoSchema } from '@nq/contracts/fleet/backend-info';
import { type ProbeFamily, probeFamilies } from '@nq/contracts/fleet/probe-families';
import { taskRulesSchema } from '@nq/contracts/fleet/task-rules';
import { type TaskType, taskSchemas } from '@nq/contracts/fleet/tasks';
import { initialValue, inputSchemaOf, type JsonSchema } from '../../../shared/schema-form/json-schema.ts';

export type { ProbeFamily, TaskType };
export { probeFamilies };

/** The 16 test types, in the catalogue's order. */
export const taskTypes: readonly TaskType[] = taskSchemas.map((schema) => schema.shape.type.value);

/** Each test type's arguments, as JSON Schema: a task's inputs are drawn from its type's. */
export const taskInputSchemas = Object.fromEntries(
  taskSchemas.map((schema) => [schema.shape.type.value, inputSchemaOf(schema)]),
) as Record<TaskType, JsonSchema>;
export const backendInfoInputSchema = inputSchemaOf(backendInfoSchema);
export const taskRulesInputSchema = inputSchemaOf(taskRulesSchema);

/** A task being edited: its type and whatever arguments are filled in so far (the server judges them). */
export type TaskDraft = { type: TaskType; id?: string; name?: string; [argument: string]: unknown };

/** A task suite as edited (the body of a create, contracts/fleet/task-suite.ts). */
export interface SuiteDraft {
  name: string;
  family: ProbeFamily | '';
  backendInfo: Record<string, unknown>;
  tasks: TaskDraft[];
  taskRules: Record<string, unknown>;
}

export const suiteFieldNames = ['name', 'family', 'backendInfo', 'tasks', 'taskRules'] as const;

export const emptySuite = (): SuiteDraft => ({
  name: '',
  family: '',
  backendInfo: {},
  tasks: [],
  taskRules: initialValue(taskRulesInputSchema) as Record<string, unknown>,
});

/** A task id not used yet in the suite: the type, numbered. */
function freeId(type: TaskType, tasks: readonly TaskDraft[]) {
  const taken = new Set(tasks.map((task) => task.id));
  let number = 1;
  while (taken.has(`${type}-${number}`)) number++;
  return `${type}-${number}`;
}

/** A new task of a type: its defaults, a free id and the type's name. */
export function newTask(type: TaskType, tasks: readonly TaskDraft[], name: string): TaskDraft {
  return { ...(initialValue(taskInputSchemas[type]) as object), type, id: freeId(type, tasks), name };
}

/** What every task has, whatever its type: kept when a task changes type. */
const commonArguments = ['id', 'name', 'interval', 'timeout', 'multitask'] as const;

/** A task given another type: the common arguments stay, the new type's defaults replace the rest. */
export function retypedTask(task: TaskDraft, type: TaskType): TaskDraft {
  const kept = Object.fromEntries(
    commonArguments.filter((name) => task[name] !== undefined).map((name) => [name, task[name]]),
  );
  return { ...(initialValue(taskInputSchemas[type]) as object), ...kept, type };
}

import { taskSuiteFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { type ConfigurationEntity, managedOn, named } from '../configuration-access.ts';
import { uniqueName } from '../configuration-rules.ts';
import { shared } from '../identity/index.ts';
import { familyChange, type familyChangeOptions } from './family-change.ts';
import { checkTasks } from './task-rules.ts';
import { taskWarnings } from './task-warnings.ts';

export const taskSuiteNameScope = 'task-suite-name';

export const taskSuiteEntity = {
  kind: 'task-suite',
  eventPrefix: 'TaskSuite',
  schema: taskSuiteFieldsSchema,
  rules: (suite) => checkTasks(suite.tasks),
  warnings: (suite) => taskWarnings(suite.tasks),
  updateOptions: familyChange,
  unique: [uniqueName(taskSuiteNameScope, 'taskSuites.nameExists')],
  cloneable: true,
} satisfies EntityDefinition<typeof taskSuiteFieldsSchema, typeof familyChangeOptions>;

/** How the platform serves it: its read model, routes, who reads and changes it, and whose it is. */
export const taskSuiteConfiguration: ConfigurationEntity = {
  definition: taskSuiteEntity,
  collection: 'task-suites',
  tag: 'Task suites',
  ...named,
  ...managedOn('task_suites_configuration', ['probes_configuration', 'measurementLauncher']),
  visibility: shared,
};

import { taskSuiteFieldsSchema } from '@nq/contracts';
import { shared } from '@nq/platform/access/visibility';
import { type ConfigurationEntity, managedOn, named } from '@nq/platform/entities/configuration-entity';
import { uniqueName } from '@nq/platform/entities/configuration-rules';
import type { EntityDefinition } from '@nq/platform/entities/entity-definition';
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

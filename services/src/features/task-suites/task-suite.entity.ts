import { taskSuiteFieldsSchema } from '@nq/contracts';
import type { EntityDefinition } from '../../platform/entities/entity-definition.ts';
import { uniqueName } from '../configuration-rules.ts';
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

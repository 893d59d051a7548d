import { z } from 'zod';
import { configurationName } from '../configuration/common.ts';
import { backendInfoSchema } from './backend-info.ts';
import { probeFamilySchema } from './probe-families.ts';
import { taskRulesSchema } from './task-rules.ts';
import { taskSchema } from './tasks.ts';

/**
 * Task suite (docs/product/entities.md#task-suite): what a probe of one family runs, and how. The name is unique
 * (case-insensitive); rules across fields (timeouts, threads, servers, polqa order…) are checked by the services, and
 * changing the family of a suite with tasks erases them after a confirmation
 * (docs/product/states.md#task-suite-family-change).
 */
export const taskSuiteFieldsSchema = z.object({
  name: configurationName,
  family: probeFamilySchema,
  backendInfo: backendInfoSchema.prefault({}),
  tasks: z.array(taskSchema).default([]),
  taskRules: taskRulesSchema.prefault({}),
});
export type TaskSuiteFields = z.output<typeof taskSuiteFieldsSchema>;

import { DomainError, type taskSuiteFieldsSchema } from '@nq/contracts';
import type { UpdateOptions } from '@nq/platform/entities/entity-definition';
import { z } from 'zod';

export const familyChangeOptions = z.object({
  confirmFamilyChange: z
    .boolean()
    .optional()
    .describe('Confirms a change of probe family that erases the tasks of the suite (refused without it)'),
});

/**
 * Changing the probe family of a suite that has tasks erases its tasks, after a confirmation
 * (docs/product/states.md#task-suite-family-change). Without one the update is refused and nothing changes; tasks sent
 * with the confirmed change (for the new family) are kept.
 */
export const familyChange: UpdateOptions<typeof taskSuiteFieldsSchema, typeof familyChangeOptions> = {
  schema: familyChangeOptions,
  apply(previous, changes, { confirmFamilyChange }) {
    const changesFamily = changes.family != null && changes.family !== previous.family;
    if (!changesFamily || previous.tasks.length === 0) return changes;
    if (!confirmFamilyChange)
      throw new DomainError('taskSuites.familyChangeNeedsConfirmation', {
        details: { field: 'family', from: previous.family, to: changes.family, tasks: previous.tasks.length },
      });
    return { ...changes, tasks: changes.tasks ?? [] };
  },
};

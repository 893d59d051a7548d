import { DomainError } from '@nq/contracts';
import { describe, it } from 'vitest';
import { z } from 'zod';
import type { EntityEvent } from './entity-decider.ts';
import type { EntityDefinition } from './entity-definition.ts';
import { entitySpecification } from './entity-specification.ts';

// A definition whose updates carry a non-field option: switching `mode` clears `settings`, once confirmed.
const schema = z.object({ name: z.string(), mode: z.enum(['a', 'b']), settings: z.array(z.string()).default([]) });
const options = z.object({ confirm: z.boolean().optional() });
const switchable = {
  kind: 'switchable',
  eventPrefix: 'Switchable',
  schema,
  updateOptions: {
    schema: options,
    apply(previous, changes, { confirm }) {
      if (changes.mode == null || changes.mode === previous.mode) return changes;
      if (!confirm) throw new DomainError('request.conflict', { details: { field: 'mode' } });
      return { ...changes, settings: [] };
    },
  },
} satisfies EntityDefinition<typeof schema, typeof options>;

const spec = entitySpecification(switchable);
const created: EntityEvent = {
  type: 'SwitchableCreated',
  data: { id: 'x1', fields: { name: 'one', mode: 'a', settings: ['s'] }, owner: 'profile-1' },
};
const update = (changes: Record<string, unknown>, options?: Record<string, unknown>) => ({
  type: 'update' as const,
  id: 'x1',
  changes,
  ...(options ? { options } : {}),
});

describe('update options of an entity definition', () => {
  it('let the definition refuse an update, which then changes nothing', () =>
    spec
      .given([created])
      .when(update({ mode: 'b' }))
      .thenFails('request.conflict', { field: 'mode' }));

  it('let the definition alter the changes', () =>
    spec
      .given([created])
      .when(update({ mode: 'b' }, { confirm: true }))
      .then([{ type: 'SwitchableUpdated', data: { changes: { mode: 'b', settings: [] } } }]));

  it('leave other updates as requested', () =>
    spec
      .given([created])
      .when(update({ name: 'two' }))
      .then([{ type: 'SwitchableUpdated', data: { changes: { name: 'two' } } }]));

  it('are validated with their schema', () =>
    spec
      .given([created])
      .when(update({ mode: 'b' }, { confirm: 1 }))
      .thenFails('request.invalid', { fields: [{ field: 'confirm' }] }));
});

import { type EntityState, warning } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EntityCommand, emptyEntity, entityWarnings, evolveEntity } from './entity-decider.ts';
import type { EntityDefinition } from './entity-definition.ts';

// A definition that advises against short names, and says whether it saw the previous fields.
const schema = z.object({ name: z.string() });
const advising = {
  kind: 'advising',
  eventPrefix: 'Advising',
  schema,
  warnings: (fields, previous) =>
    fields.name.length < 3
      ? [warning('taskSuites.shortTaskInterval', { task: fields.name, previous: previous?.name ?? '-' })]
      : [],
} satisfies EntityDefinition<typeof schema>;

const stateNamed = (name: string): EntityState =>
  evolveEntity(emptyEntity, { type: 'AdvisingCreated', data: { id: 'a1', fields: { name }, owner: 'p1' } });
const source = stateNamed('source');
const commands: Record<EntityCommand['type'], EntityCommand> = {
  create: { type: 'create', id: 'a1', fields: {} },
  update: { type: 'update', id: 'a1', changes: {} },
  clone: { type: 'clone', id: 'a2', source, overrides: {} },
  delete: { type: 'delete', id: 'a1' },
  intent: { type: 'intent', intent: 'rename', id: 'a1', payload: {} },
};

describe('entity warnings', () => {
  it('are the definition’s advice on the entity a create or clone left', () => {
    for (const command of [commands.create, commands.clone])
      expect(entityWarnings(advising, command, emptyEntity, stateNamed('ab'))).toEqual([
        { code: 'taskSuites.shortTaskInterval', params: { task: 'ab', previous: '-' } },
      ]);
  });

  it('see the previous fields on update and on a command with intent', () => {
    for (const command of [commands.update, commands.intent])
      expect(entityWarnings(advising, command, stateNamed('old'), stateNamed('ab'))).toEqual([
        { code: 'taskSuites.shortTaskInterval', params: { task: 'ab', previous: 'old' } },
      ]);
  });

  it('are empty when the definition has no advice, or after a delete', () => {
    expect(entityWarnings(advising, commands.create, emptyEntity, stateNamed('long enough'))).toEqual([]);
    expect(
      entityWarnings({ ...advising, warnings: undefined }, commands.create, emptyEntity, stateNamed('ab')),
    ).toEqual([]);
    const deleted = evolveEntity(stateNamed('ab'), { type: 'AdvisingDeleted', data: {} });
    expect(entityWarnings(advising, commands.delete, stateNamed('ab'), deleted)).toEqual([]);
  });
});

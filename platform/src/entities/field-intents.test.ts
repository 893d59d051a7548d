import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EntityEvent } from './entity-decider.ts';
import { type EntityDefinition, intentEventsOf } from './entity-definition.ts';
import { entitySpecification } from './entity-specification.ts';
import { fieldIntentRenames, updateEventOf } from './field-intents.ts';
import { idsReach, reachEventOf, reachEvents } from './reach-change.ts';

// A lamp: switched on or off, in rooms (its reach), with a shape kept as a summary, and a name nobody audits.
const schema = z.object({
  name: z.string(),
  on: z.boolean().default(true),
  rooms: z.array(z.string()).default([]),
  shape: z.object({ points: z.array(z.number()), area: z.number() }).optional(),
});
const lamp = {
  kind: 'lamp',
  eventPrefix: 'Lamp',
  schema,
  intents: {
    turnOff: { event: 'TurnedOff', payload: z.object({}), changes: () => ({ on: false }) },
  },
  fieldIntents: [
    {
      fields: ['on'],
      events: ['SwitchedOn', 'SwitchedOff'],
      eventOf: ({ after }) => (after.on ? 'SwitchedOn' : 'SwitchedOff'),
    },
    {
      fields: ['rooms'],
      events: reachEvents('Reach'),
      eventOf: ({ before, after }) => reachEventOf('Reach', before && idsReach(before.rooms ?? [], after.rooms ?? [])),
    },
    { fields: ['shape'], events: ['Reshaped'], recorded: (shape) => ({ area: (shape as { area: number }).area }) },
  ],
} satisfies EntityDefinition<typeof schema>;

const spec = entitySpecification(lamp);
const fields = { name: 'Hall', on: true, rooms: ['hall'] };
const created: EntityEvent = { type: 'LampCreated', data: { id: 'l1', fields, owner: 'profile-1' } };
const update = (changes: Record<string, unknown>) => ({ type: 'update' as const, id: 'l1', changes });

describe('field intents of an entity definition', () => {
  it('leave an update of other fields a plain update', () =>
    spec
      .given([created])
      .when(update({ name: 'Porch' }))
      .then([{ type: 'LampUpdated', data: { changes: { name: 'Porch' } } }]));

  it('name the one event of an update that changes their field, with its values before and after', () =>
    spec
      .given([created])
      .when(update({ on: false, name: 'Porch' }))
      .then([
        {
          type: 'LampSwitchedOff',
          data: { changes: { on: false, name: 'Porch' }, intent: { before: { on: true }, after: { on: false } } },
        },
      ]));

  it('tell a widening from a narrowing by the values before', () => {
    spec
      .given([created])
      .when(update({ rooms: ['hall', 'porch'] }))
      .thenMatches([{ type: 'LampReachWidened' }]);
    spec
      .given([created])
      .when(update({ rooms: [] }))
      .then([
        {
          type: 'LampReachNarrowed',
          data: { changes: { rooms: [] }, intent: { before: { rooms: ['hall'] }, after: { rooms: [] } } },
        },
      ]);
    spec
      .given([created])
      .when(update({ rooms: ['porch'] }))
      .thenMatches([{ type: 'LampReachChanged' }]);
  });

  it('let the first declared intent name an update that changes the fields of two', () =>
    spec
      .given([created])
      .when(update({ rooms: ['porch'], on: false }))
      .then([
        {
          type: 'LampSwitchedOff',
          data: { changes: { on: false, rooms: ['porch'] }, intent: { before: { on: true }, after: { on: false } } },
        },
      ]));

  it('keep a value as the definition records it, and one cleared as null', () => {
    const shaped = { type: 'LampReshaped', data: { changes: { shape: { points: [1, 2], area: 9 } }, intent: {} } };
    spec
      .given([created])
      .when(update({ shape: { points: [1, 2], area: 9 } }))
      .then([
        { ...shaped, data: { ...shaped.data, intent: { before: { shape: null }, after: { shape: { area: 9 } } } } },
      ]);
    spec
      .given([created, shaped])
      .when(update({ shape: null }))
      .then([
        {
          type: 'LampReshaped',
          data: { changes: { shape: null }, intent: { before: { shape: { area: 9 } }, after: { shape: null } } },
        },
      ]);
  });

  it('leave commands with intent their own event', () =>
    spec
      .given([created])
      .when({ type: 'intent', intent: 'turnOff', id: 'l1', payload: {} })
      .then([{ type: 'LampTurnedOff', data: { changes: { on: false }, intent: {} } }]));

  it('are events the projections follow, beside those of commands with intent', () =>
    expect(intentEventsOf(lamp)).toEqual([
      'TurnedOff',
      'SwitchedOn',
      'SwitchedOff',
      'ReachWidened',
      'ReachNarrowed',
      'ReachChanged',
      'Reshaped',
    ]));

  it('refuse a name the intent does not declare, which no projection would follow', () =>
    expect(() =>
      updateEventOf(
        { ...lamp, fieldIntents: [{ fields: ['on'], events: ['SwitchedOn'], eventOf: () => 'Off' }] },
        {
          on: false,
        },
      ),
    ).toThrow(/'Off'/));
});

describe('stored updates read as field intents', () => {
  const renames = fieldIntentRenames([lamp, { eventPrefix: 'Note' }]);

  it('are renamed by the definitions that declare some, with the values after only', () => {
    expect(Object.keys(renames)).toEqual(['LampUpdated']);
    expect(renames.LampUpdated!({ changes: { on: false, name: 'Porch' } })).toEqual({
      type: 'LampSwitchedOff',
      data: { changes: { on: false, name: 'Porch' }, intent: { after: { on: false } } },
    });
    expect(renames.LampUpdated!({ changes: { rooms: ['porch'] } })).toEqual({
      type: 'LampReachChanged',
      data: { changes: { rooms: ['porch'] }, intent: { after: { rooms: ['porch'] } } },
    });
  });

  it('keep an update of other fields as it is, as the decider writes it now', () =>
    expect(renames.LampUpdated!({ changes: { name: 'Porch' } })).toBeUndefined());
});

import { type EntityEvent, emptyEntity, entityConstraints, evolveEntity } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { mosEntity } from './mos.entity.ts';

const spec = entitySpecification(mosEntity);
const entry = (changes: Record<string, unknown> = {}) => ({
  kpi: 'downloadThroughput',
  weight: 60,
  min: 0,
  max: 1000,
  operator: 'gte',
  mappingFunction: 'linear',
  limits: { lower: 1, upper: 50, absoluteUpper: 100 },
  ...changes,
});
const fields = {
  name: 'Mobile MOS',
  entries: [entry(), entry({ kpi: 'latency', weight: 40, operator: 'lte', mappingFunction: 'invertedLinear' })],
};
const created: EntityEvent = { type: 'MosCreated', data: { id: 'm1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'm1',
  fields: { ...fields, ...changes },
});
/** Entries whose first one is changed, weights still adding up to 100. */
const withFirst = (changes: Record<string, unknown>) => create({ entries: [entry(changes), fields.entries[1]] });

describe('mos configuration', () => {
  it('is created with its name and entries', () => spec.given([]).when(create({})).then([created]));

  it('needs a name', () =>
    spec
      .given([])
      .when(create({ name: ' ' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'name' }] }));

  it('needs at least one entry', () =>
    spec
      .given([])
      .when(create({ entries: [] }))
      .thenFails('validation.required', { fields: [{ field: 'entries' }] }));

  it('needs a KPI per entry', () =>
    spec
      .given([])
      .when(withFirst({ kpi: '' }))
      .thenFails('validation.required', { fields: [{ field: 'entries.0.kpi' }] }));

  it('needs weights between 0 and 100', () => {
    for (const weight of [-1, 100.5])
      spec
        .given([])
        .when(withFirst({ weight }))
        .thenFails('validation.outOfRange', { fields: [{ field: 'entries.0.weight' }] });
  });

  it('needs weights adding up to 100', () => {
    spec
      .given([])
      .when(withFirst({ weight: 50 }))
      .thenFails('moses.weightsNotHundred', { field: 'entries', total: 90 });
    spec
      .given([])
      .when(create({ entries: [entry({ weight: 33.3 }), entry({ weight: 33.3 }), entry({ weight: 33.4 })] }))
      .thenMatches([{ type: 'MosCreated' }]);
  });

  it('needs min not above max', () => {
    spec
      .given([])
      .when(withFirst({ min: 10, max: 9 }))
      .thenFails('moses.minAboveMax', { field: 'entries.0.max' });
    spec
      .given([])
      .when(withFirst({ min: 10, max: 10 }))
      .thenMatches([{ type: 'MosCreated' }]);
  });

  it('needs an operator among gte, gt, lt, lte and eq', () =>
    spec
      .given([])
      .when(withFirst({ operator: 'not_exists' }))
      .thenFails('validation.invalidOption', { fields: [{ field: 'entries.0.operator' }] }));

  it('needs a known mapping function', () => {
    for (const mappingFunction of ['linearDoubleSlope', 'squareRoot'])
      spec
        .given([])
        .when(withFirst({ mappingFunction }))
        .thenMatches([{ type: 'MosCreated' }]);
    spec
      .given([])
      .when(withFirst({ mappingFunction: 'logarithmic' }))
      .thenFails('validation.invalidOption', { fields: [{ field: 'entries.0.mappingFunction' }] });
  });

  it('needs numeric limits ordered lower ≤ upper ≤ absolute upper', () => {
    spec
      .given([])
      .when(withFirst({ limits: { lower: 1, upper: 50 } }))
      .thenFails('validation.required', { fields: [{ field: 'entries.0.limits.absoluteUpper' }] });
    spec
      .given([])
      .when(withFirst({ limits: { lower: 60, upper: 50, absoluteUpper: 100 } }))
      .thenFails('moses.limitsOutOfOrder', { field: 'entries.0.limits.upper' });
    spec
      .given([])
      .when(withFirst({ limits: { lower: 1, upper: 50, absoluteUpper: 49 } }))
      .thenFails('moses.limitsOutOfOrder', { field: 'entries.0.limits.absoluteUpper' });
    spec
      .given([])
      .when(withFirst({ limits: { lower: 5, upper: 5, absoluteUpper: 5 } }))
      .thenMatches([{ type: 'MosCreated' }]);
  });

  it('checks the rules again on update', () =>
    spec
      .given([created])
      .when({ type: 'update', id: 'm1', changes: { entries: [entry({ weight: 100, min: 5, max: 1 })] } })
      .thenFails('moses.minAboveMax'));

  it('is cloned under a new name, recording its source', () => {
    const source = evolveEntity(emptyEntity, created);
    spec
      .given([])
      .when({ type: 'clone', id: 'm2', source, overrides: { name: 'Mobile MOS (copy)' } })
      .then([
        {
          type: 'MosCreated',
          data: { id: 'm2', fields: { ...fields, name: 'Mobile MOS (copy)' }, owner: 'profile-1', clonedFrom: 'm1' },
        },
      ]);
  });

  it('claims its lower-cased name', () =>
    expect(entityConstraints(mosEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'mos-name', value: 'mobile mos', conflict: 'moses.nameExists' },
    ]));
});

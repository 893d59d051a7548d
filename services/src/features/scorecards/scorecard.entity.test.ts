import { type EntityEvent, emptyEntity, entityConstraints, evolveEntity } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { scorecardEntity } from './scorecard.entity.ts';

const spec = entitySpecification(scorecardEntity);
const kpi = (changes: Record<string, unknown> = {}) => ({
  kpi: 'downloadThroughput',
  weight: 100,
  fringes: [
    { start: 0, end: 10 },
    { start: 10, end: 50 },
  ],
  ...changes,
});
const mosEntry = (changes: Record<string, unknown> = {}) => ({
  kpi: 'latency',
  weight: 100,
  min: 0,
  max: 500,
  operator: 'lte',
  mappingFunction: 'invertedLinear',
  limits: { lower: 20, upper: 200, absoluteUpper: 500 },
  ...changes,
});
const fields = {
  name: 'Q1 mobile',
  status: 'Active',
  weight: 40,
  maxScore: 5,
  campaigns: ['c1'],
  clusters: [],
  providers: ['p1', 'p2'],
  isps: ['isp-9'],
  universes: ['u1'],
  sources: ['panel'],
  kpis: [kpi()],
  mosEntries: [mosEntry()],
};
const created: EntityEvent = { type: 'ScorecardCreated', data: { id: 's1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 's1',
  fields: { ...fields, ...changes },
});
const accepted: Partial<EntityEvent>[] = [{ type: 'ScorecardCreated' }];

describe('scorecard', () => {
  it('is created with its fields', () => spec.given([]).when(create({})).then([created]));

  it('defaults to Active with nothing associated', () => {
    const given = { name: 'Draft', weight: 0, maxScore: 1 };
    const none = {
      campaigns: [],
      clusters: [],
      providers: [],
      isps: [],
      universes: [],
      sources: [],
      kpis: [],
      mosEntries: [],
    };
    spec
      .given([])
      .when({ type: 'create', id: 's1', fields: given })
      .then([
        {
          type: 'ScorecardCreated',
          data: { id: 's1', fields: { ...given, status: 'Active', ...none }, owner: 'profile-1' },
        },
      ]);
  });

  it('names a change of what a score is made of for auditors, and not a renaming', () => {
    const reweighted = [kpi({ weight: 60 }), kpi({ kpi: 'latency', weight: 40, fringes: [] })];
    spec
      .given([created])
      .when({ type: 'update', id: 's1', changes: { kpis: reweighted, maxScore: 10 } })
      .then([
        {
          type: 'ScorecardWeightsChanged',
          data: {
            changes: { kpis: reweighted, maxScore: 10 },
            intent: { before: { kpis: [kpi()], maxScore: 5 }, after: { kpis: reweighted, maxScore: 10 } },
          },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'update', id: 's1', changes: { weight: 50 } })
      .then([
        {
          type: 'ScorecardWeightsChanged',
          data: { changes: { weight: 50 }, intent: { before: { weight: 40 }, after: { weight: 50 } } },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'update', id: 's1', changes: { name: 'Q2 mobile' } })
      .then([{ type: 'ScorecardUpdated', data: { changes: { name: 'Q2 mobile' } } }]);
  });

  it('needs a name', () =>
    spec
      .given([])
      .when(create({ name: '' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'name' }] }));

  it('is Active or Inactive', () =>
    spec
      .given([])
      .when(create({ status: 'Archived' }))
      .thenFails('validation.invalidOption', { fields: [{ field: 'status' }] }));

  it('needs a weight between 0 and 100', () =>
    spec
      .given([])
      .when(create({ weight: 101 }))
      .thenFails('validation.outOfRange', { fields: [{ field: 'weight' }] }));

  it('needs a max score greater than 0', () => {
    spec
      .given([])
      .when(create({ maxScore: 0 }))
      .thenFails('validation.mustBePositive', { fields: [{ field: 'maxScore' }] });
    spec
      .given([])
      .when(create({ maxScore: undefined }))
      .thenFails('validation.required', { fields: [{ field: 'maxScore' }] });
  });

  it('needs non-empty ids', () =>
    spec
      .given([])
      .when(create({ clusters: [' '] }))
      .thenFails('validation.required', { fields: [{ field: 'clusters.0' }] }));

  it('needs KPI weights between 0 and 100 that add up to 100', () => {
    spec
      .given([])
      .when(create({ kpis: [kpi({ weight: -1 })] }))
      .thenFails('validation.outOfRange', { fields: [{ field: 'kpis.0.weight' }] });
    spec
      .given([])
      .when(create({ kpis: [kpi({ weight: 70 }), kpi({ kpi: 'latency', weight: 20 })] }))
      .thenFails('scorecards.kpiWeightsNotHundred', { field: 'kpis', total: 90 });
    spec
      .given([])
      .when(create({ kpis: [kpi({ weight: 70 }), kpi({ kpi: 'latency', weight: 30 })] }))
      .thenMatches(accepted);
  });

  it('needs fringes starting at 0 or later', () =>
    spec
      .given([])
      .when(create({ kpis: [kpi({ fringes: [{ start: -1, end: 10 }] })] }))
      .thenFails('validation.tooSmall', { fields: [{ field: 'kpis.0.fringes.0.start' }] }));

  it('needs fringes that end after they start', () => {
    for (const end of [5, 4])
      spec
        .given([])
        .when(
          create({
            kpis: [
              kpi({
                fringes: [
                  { start: 0, end: 1 },
                  { start: 5, end },
                ],
              }),
            ],
          }),
        )
        .thenFails('scorecards.fringeEndNotAfterStart', { field: 'kpis.0.fringes.1.end' });
  });

  it('needs fringes that do not overlap, in any order', () => {
    spec
      .given([])
      .when(
        create({
          kpis: [
            kpi({
              fringes: [
                { start: 20, end: 30 },
                { start: 0, end: 10 },
                { start: 5, end: 15 },
              ],
            }),
          ],
        }),
      )
      .thenFails('scorecards.fringesOverlap', { field: 'kpis.0.fringes', fringes: [1, 2] });
    spec
      .given([])
      .when(
        create({
          kpis: [
            kpi({
              fringes: [
                { start: 10, end: 20 },
                { start: 0, end: 10 },
              ],
            }),
          ],
        }),
      )
      .thenMatches(accepted);
  });

  it('checks its MOS entries as a MOS configuration does', () => {
    spec
      .given([])
      .when(create({ mosEntries: [mosEntry({ min: 600 })] }))
      .thenFails('moses.minAboveMax', { field: 'mosEntries.0.max' });
    spec
      .given([])
      .when(create({ mosEntries: [mosEntry({ limits: { lower: 20, upper: 600, absoluteUpper: 500 } })] }))
      .thenFails('moses.limitsOutOfOrder', { field: 'mosEntries.0.limits.absoluteUpper' });
    spec
      .given([])
      .when(create({ mosEntries: [mosEntry({ mappingFunction: 'cubic' })] }))
      .thenFails('validation.invalidOption', { fields: [{ field: 'mosEntries.0.mappingFunction' }] });
    spec
      .given([])
      .when(create({ mosEntries: [mosEntry({ weight: 60 })] }))
      .thenFails('moses.weightsNotHundred', { field: 'mosEntries', total: 60 });
  });

  it('checks the rules again on update', () =>
    spec
      .given([created])
      .when({ type: 'update', id: 's1', changes: { kpis: [kpi({ weight: 50 })] } })
      .thenFails('scorecards.kpiWeightsNotHundred'));

  it('is cloned under a new name, recording its source', () =>
    spec
      .given([])
      .when({ type: 'clone', id: 's2', source: evolveEntity(emptyEntity, created), overrides: { name: 'Q2 mobile' } })
      .then([
        {
          type: 'ScorecardCreated',
          data: { id: 's2', fields: { ...fields, name: 'Q2 mobile' }, owner: 'profile-1', clonedFrom: 's1' },
        },
      ]));

  it('claims its lower-cased name and refers to the campaigns, clusters, providers and universes it is about', () => {
    const constraints = entityConstraints(scorecardEntity, emptyEntity, [created]);
    expect(constraints.claim).toEqual([
      { scope: 'scorecard-name', value: 'q1 mobile', conflict: 'scorecards.nameExists' },
    ]);
    expect(constraints.addReferences).toEqual(
      ['campaign-c1', 'provider-p1', 'provider-p2', 'universe-u1'].map((to) => ({
        to,
        missing: 'validation.invalidOption',
      })),
    );
    const state = evolveEntity(emptyEntity, created);
    const edited = entityConstraints(scorecardEntity, state, [
      { type: 'ScorecardUpdated', data: { changes: { providers: ['p2', 'p2'], clusters: ['k1'] } } },
    ]);
    expect(edited).toMatchObject({ addReferences: [{ to: 'cluster-k1' }], removeReferences: [{ to: 'provider-p1' }] });
  });
});

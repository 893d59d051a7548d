import type { EntityEvent, EntityIntentEvent } from '@nq/contracts';
import { emptyEntity, entityConstraints, entityDecider } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { profileEntity } from '../profiles/profile.entity.ts';
import { csvTemplateEntity } from './csv-template.entity.ts';

const spec = entitySpecification(csvTemplateEntity);
const columns = [{ program: 'speedtest', key: 'download', operation: 'avg' }];
const created: EntityEvent = {
  type: 'CsvTemplateCreated',
  data: {
    id: 't1',
    fields: { name: 'Speed', service: 'mobile', columns, active: true },
    owner: 'profile-1',
  },
};

describe('CSV template', () => {
  it('is created with its columns, active, owned by the creating profile', () =>
    spec
      .given([])
      .when({ type: 'create', id: 't1', fields: { name: ' Speed ', service: 'mobile', columns } })
      .then([created]));

  it('refuses no columns, an unknown field or KPI, a column with both, and an operation its values do not take', () => {
    const attempt = (fields: Record<string, unknown>) =>
      spec.given([]).when({ type: 'create', id: 't1', fields: { name: 'x', service: 'mobile', ...fields } });
    attempt({ columns: [] }).thenFails('csvTemplates.noColumns', {
      fields: [{ field: 'columns', code: 'csvTemplates.noColumns' }],
    });
    attempt({ columns: [{ field: 'colour' }] }).thenFails('csvTemplates.unknownField', {
      fields: [{ field: 'columns.0.field', code: 'csvTemplates.unknownField' }],
    });
    attempt({ columns: [{ key: 'speed' }] }).thenFails('csvTemplates.unknownKpi', {
      fields: [{ field: 'columns.0.key', code: 'csvTemplates.unknownKpi' }],
    });
    attempt({ columns: [{ field: 'probeId', key: 'download' }] }).thenFails('csvTemplates.fieldOrKey', {
      fields: [{ field: 'columns.0.field', code: 'csvTemplates.fieldOrKey' }],
    });
    attempt({ columns: [{ field: 'isp', operation: 'sum' }] }).thenFails('csvTemplates.operationNotAllowed', {
      fields: [{ field: 'columns.0.operation', code: 'csvTemplates.operationNotAllowed' }],
    });
  });

  it('records only the columns that changed', () =>
    spec
      .given([created])
      .when({ type: 'update', id: 't1', changes: { columns: [{ field: 'measuredAt', operation: 'min' }] } })
      .then([
        {
          type: 'CsvTemplateUpdated',
          data: { changes: { columns: [{ field: 'measuredAt', operation: 'min' }] } },
        },
      ]));

  it('cannot be deleted while its profile holds it as a favourite', () => {
    const state = entityDecider(csvTemplateEntity).evolve(emptyEntity, created);
    expect(entityConstraints(csvTemplateEntity, state, [{ type: 'CsvTemplateDeleted', data: {} }])).toMatchObject({
      markDeleted: true,
      refuseIfReferenced: 'csvTemplates.stillFavorite',
    });
  });
});

describe("a profile's CSV template favourites and order", () => {
  const profileSpec = entitySpecification(profileEntity);
  const profile: EntityEvent = {
    type: 'ProfileCreated',
    data: { id: 'p1', fields: profileEntity.schema.parse({ name: 'Analyst' }), owner: 'admin' },
  };
  const marked = (favorites: string[], order: string[] = []): EntityIntentEvent => ({
    type: 'ProfileCsvTemplateFavoriteChanged',
    data: { changes: { csvTemplates: { favorites, order } }, intent: {} },
  });

  it('starts with the default template as its favourite and adds another', () =>
    profileSpec
      .given([profile])
      .when({
        type: 'intent',
        intent: 'changeCsvTemplateFavorite',
        id: 'p1',
        payload: { templateId: 't1', favorite: true },
      })
      .then([
        {
          type: 'ProfileCsvTemplateFavoriteChanged',
          data: {
            changes: { csvTemplates: { favorites: ['default', 't1'], order: [] } },
            intent: { templateId: 't1', favorite: true },
          },
        },
      ]));

  it('refuses to unmark the last favourite', () =>
    profileSpec
      .given([profile, marked(['t1'])])
      .when({
        type: 'intent',
        intent: 'changeCsvTemplateFavorite',
        id: 'p1',
        payload: { templateId: 't1', favorite: false },
      })
      .thenFails('csvTemplates.lastFavorite'));

  it('refers to its favourite templates, so that deleting one is refused in the same transaction', () => {
    const decider = entityDecider(profileEntity);
    const state = decider.evolve(emptyEntity, profile);
    expect(entityConstraints(profileEntity, state, [marked(['default', 't1'])]).addReferences).toEqual([
      { to: 'csv-template-t1', missing: 'resource.notFound' },
    ]);
  });

  it('orders the templates given first and keeps the others after them, never the default', () =>
    profileSpec
      .given([profile, marked(['default'], ['a', 'b', 'c'])])
      .when({ type: 'intent', intent: 'orderCsvTemplates', id: 'p1', payload: { templateIds: ['c', 'default', 'a'] } })
      .then([
        {
          type: 'ProfileCsvTemplatesOrdered',
          data: {
            changes: { csvTemplates: { favorites: ['default'], order: ['c', 'a', 'b'] } },
            intent: { templateIds: ['c', 'default', 'a'] },
          },
        },
      ]));
});

import { type EntityEvent, queryIrSchema } from '@nq/contracts';
import { emptyEntity, entityConstraints, entityDecider } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { personalDashboardEntity } from './personal-dashboard.entity.ts';

const spec = entitySpecification(personalDashboardEntity);
const request = queryIrSchema.parse({
  programs: ['speedtest'],
  kpi: 'download',
});
const graphic = (id: string, scorecardId?: string) => ({
  id,
  title: id,
  request,
  layout: { x: 0, y: 0, w: 6, h: 4 },
  ...(scorecardId ? { scorecardId } : {}),
});
const fields = personalDashboardEntity.schema.parse({
  name: 'Weekly',
  categories: [
    { name: 'Speed', graphics: [graphic('g1', 'quality'), graphic('g2')] },
    { name: 'Latency', graphics: [graphic('g3', 'quality')] },
  ],
});
const created: EntityEvent = {
  type: 'PersonalDashboardCreated',
  data: { id: 'd1', fields, owner: 'profile-1' },
};
const intent = (name: string, payload: unknown) => ({ type: 'intent' as const, intent: name, id: 'd1', payload });

describe('personal dashboard', () => {
  it('is created by its owner, unshared', () =>
    spec
      .given([])
      .when({ type: 'create', id: 'd1', fields: { name: ' Weekly ', categories: fields.categories } })
      .then([created]));

  it('claims its name among its owner’s dashboards only (another owner may use it)', () =>
    expect(entityConstraints(personalDashboardEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'personal-dashboard-name', value: 'profile-1/weekly', conflict: 'dashboards.duplicateName' },
    ]));

  it('refuses two categories of the same name, whatever their case', () =>
    spec
      .given([])
      .when({ type: 'create', id: 'd1', fields: { name: 'Twins', categories: [{ name: 'A' }, { name: 'a ' }] } })
      .thenFails('dashboards.categoryExists'));

  it('adds a graphic to a category, and refuses a category it does not have', () => {
    spec
      .given([created])
      .when(intent('addGraphic', { category: 'Latency', graphic: graphic('g4') }))
      .thenMatches([{ type: 'PersonalDashboardGraphicAdded' }]);
    spec
      .given([created])
      .when(intent('addGraphic', { category: 'Nowhere', graphic: graphic('g4') }))
      .thenFails('dashboards.categoryNotFound');
  });

  it('removes a scorecard graphic with every graphic of its scorecard, in any category', () => {
    const decider = entityDecider(personalDashboardEntity);
    const state = decider.evolve(emptyEntity, created);
    const events = decider.decide(intent('removeGraphic', { category: 'Speed', graphicId: 'g1' }), state, {
      now: new Date(),
      actor: { userId: 'u1', profileId: 'profile-1' },
      settings: { forbiddenNames: [] },
    });
    const after = events.reduce(decider.evolve, state);
    const left = (after.fields as typeof fields).categories.map((category) => category.graphics.map((kept) => kept.id));
    expect(left).toEqual([['g2'], []]);
  });

  it('renames, reorders and removes categories, keeping the graphics of those kept', () => {
    const decider = entityDecider(personalDashboardEntity);
    const state = decider.evolve(emptyEntity, created);
    const events = decider.decide(
      intent('changeCategories', { categories: [{ name: 'Delay', from: 'Latency' }, { name: 'New' }] }),
      state,
      { now: new Date(), actor: { userId: 'u1', profileId: 'profile-1' }, settings: { forbiddenNames: [] } },
    );
    const after = events.reduce(decider.evolve, state);
    expect((after.fields as typeof fields).categories).toMatchObject([
      { name: 'Delay', graphics: [{ id: 'g3' }] },
      { name: 'New', graphics: [] },
    ]);
  });

  it('is shared with users by e-mail, who are notified and whose notification is then read', () =>
    spec
      .given([created])
      .when(intent('share', { users: ['Ana@Example.com'], notify: true, message: 'Look', sharer: 'owner@example.com' }))
      .then([
        {
          type: 'PersonalDashboardShared',
          data: {
            changes: {
              sharedWith: ['ana@example.com'],
              sharedBy: 'owner@example.com',
              shareMessage: 'Look',
              notified: ['ana@example.com'],
            },
            intent: {
              users: ['ana@example.com'],
              notify: true,
              message: 'Look',
              sharer: 'owner@example.com',
            },
          },
        },
      ]));

  it('is deleted only by its owner', () => {
    spec
      .given([created])
      .when({ type: 'delete', id: 'd1' })
      .then([{ type: 'PersonalDashboardDeleted', data: {} }]);
    const decider = entityDecider(personalDashboardEntity);
    const byAnother = () =>
      decider.decide({ type: 'delete', id: 'd1' }, decider.evolve(emptyEntity, created), {
        now: new Date(),
        actor: { userId: 'u2', profileId: 'profile-2' },
        settings: { forbiddenNames: [] },
      });
    expect(byAnother).toThrow(expect.objectContaining({ code: 'dashboards.notOwner' }));
  });
});

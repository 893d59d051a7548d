import type { EntityEvent, EntityIntentEvent } from '@nq/contracts';
import { emptyEntity, entityConstraints } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { alertEntity } from './alert.entity.ts';

const spec = entitySpecification(alertEntity);
const slowDownload = { program: 'speedtest', kpi: 'download', operator: 'lt', value: 50 };
const fields = {
  name: 'Slow fibre',
  type: 'landline',
  status: 'Active',
  conditions: [slowDownload],
  interval: { value: 1, unit: 'hour' },
  eventsCount: 3,
  technologies: [98],
  campaigns: [],
  universes: ['u1'],
  providers: ['p1'],
  grouping: 'probe',
  email: { enabled: true, recipients: ['noc@example.com'] },
  push: { enabled: true },
  notifyOnlyNew: true,
  enabled: true,
};
const created: EntityEvent = { type: 'AlertCreated', data: { id: 'a1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'a1',
  fields: { ...fields, ...changes },
});
const fieldOf = (field: string, code: string) => ({ fields: [{ field, code }] });

describe('alert', () => {
  it('is created with every field, owned by the creating profile', () =>
    spec.given([]).when(create({})).then([created]));

  it('defaults to Active and enabled, one event, no filters and no notifications', () => {
    const given = {
      name: 'Latency',
      type: 'mobile',
      conditions: [{ program: 'ping', kpi: 'latency', operator: 'gt', value: 80 }],
      interval: { value: 30, unit: 'minute' },
      grouping: 'campaign',
    };
    spec
      .given([])
      .when({ type: 'create', id: 'a1', fields: given })
      .thenMatches([
        {
          type: 'AlertCreated',
          data: {
            id: 'a1',
            owner: 'profile-1',
            fields: {
              ...given,
              status: 'Active',
              eventsCount: 1,
              technologies: [],
              campaigns: [],
              universes: [],
              providers: [],
              email: { enabled: false, recipients: [] },
              push: { enabled: false },
              notifyOnlyNew: false,
              enabled: true,
            },
          },
        },
      ]);
  });

  it('refuses an empty name and a name too long, saying the maximum', () => {
    spec
      .given([])
      .when(create({ name: '  ' }))
      .thenFails('alerts.nameRequired', fieldOf('name', 'alerts.nameRequired'));
    spec
      .given([])
      .when(create({ name: undefined }))
      .thenFails('alerts.nameRequired', fieldOf('name', 'alerts.nameRequired'));
    spec
      .given([])
      .when(create({ name: 'x'.repeat(65) }))
      .thenFails('alerts.nameTooLong', { fields: [{ field: 'name', params: { max: 64 } }] });
  });

  it('refuses an interval without a value or without a unit', () => {
    spec
      .given([])
      .when(create({ interval: { unit: 'hour' } }))
      .thenFails('alerts.intervalRequired', fieldOf('interval.value', 'alerts.intervalRequired'));
    spec
      .given([])
      .when(create({ interval: { value: 2 } }))
      .thenFails('alerts.intervalRequired', fieldOf('interval.unit', 'alerts.intervalRequired'));
    spec
      .given([])
      .when(create({ interval: undefined }))
      .thenFails('alerts.intervalRequired', fieldOf('interval', 'alerts.intervalRequired'));
    spec
      .given([])
      .when(create({ interval: { value: 1, unit: 'month' } }))
      .thenFails('validation.invalidOption', fieldOf('interval.unit', 'validation.invalidOption'));
  });

  it('refuses e-mail notifications without recipients, an empty recipient and an invalid one, naming it', () => {
    spec
      .given([])
      .when(create({ email: { enabled: true, recipients: [] } }))
      .thenFails('alerts.recipientsRequired', fieldOf('email.recipients', 'alerts.recipientsRequired'));
    spec
      .given([])
      .when(create({ email: { enabled: true, recipients: ['noc@example.com', ' '] } }))
      .thenFails('alerts.recipientEmpty', fieldOf('email.recipients.1', 'alerts.recipientEmpty'));
    spec
      .given([])
      .when(create({ email: { enabled: false, recipients: ['not-an-address'] } }))
      .thenFails('alerts.recipientInvalid', {
        fields: [{ field: 'email.recipients.0', params: { recipient: 'not-an-address' } }],
      });
  });

  it('groups landline alerts by probe or universe only, and mobile alerts by probe or campaign only', () => {
    spec
      .given([])
      .when(create({ grouping: 'universe' }))
      .thenMatches([{ type: 'AlertCreated' }]);
    spec
      .given([])
      .when(create({ grouping: 'campaign' }))
      .thenFails('alerts.landlineGrouping', { field: 'grouping', grouping: 'campaign' });
    spec
      .given([])
      .when(create({ type: 'mobile', grouping: 'campaign' }))
      .thenMatches([{ type: 'AlertCreated' }]);
    spec
      .given([])
      .when(create({ type: 'mobile', grouping: 'universe' }))
      .thenFails('alerts.mobileGrouping', { field: 'grouping', grouping: 'universe' });
    // Changing the type alone is checked against the grouping it keeps.
    spec
      .given([created])
      .when({ type: 'update', id: 'a1', changes: { type: 'mobile', grouping: 'universe' } })
      .thenFails('alerts.mobileGrouping');
  });

  it('refuses duplicate conditions, naming both, and an alert without conditions', () => {
    spec
      .given([])
      .when(create({ conditions: [slowDownload, { ...slowDownload, value: 20 }, { ...slowDownload }] }))
      .thenFails('alerts.duplicateCondition', {
        fields: [{ field: 'conditions.2', params: { first: 1, second: 3 } }],
      });
    spec
      .given([])
      .when(create({ conditions: [] }))
      .thenFails('alerts.conditionsRequired', fieldOf('conditions', 'alerts.conditionsRequired'));
  });

  it('refuses a KPI outside the catalogue, an unknown operator and a value that is no number', () => {
    spec
      .given([])
      .when(create({ conditions: [{ ...slowDownload, kpi: 'speed' }] }))
      .thenFails('alerts.unknownKpi', fieldOf('conditions.0.kpi', 'alerts.unknownKpi'));
    spec
      .given([])
      .when(create({ conditions: [{ ...slowDownload, operator: 'between' }] }))
      .thenFails('validation.invalidOption', fieldOf('conditions.0.operator', 'validation.invalidOption'));
    spec
      .given([])
      .when(create({ conditions: [{ ...slowDownload, value: 'fast' }] }))
      .thenFails('validation.invalidNumber', fieldOf('conditions.0.value', 'validation.invalidNumber'));
  });

  it('is enabled and disabled by commands of their own; enabling an enabled alert records nothing', () => {
    const disabled: EntityIntentEvent = { type: 'AlertDisabled', data: { changes: { enabled: false }, intent: {} } };
    spec.given([created]).when({ type: 'intent', intent: 'disable', id: 'a1', payload: {} }).then([disabled]);
    spec
      .given([created, disabled])
      .when({ type: 'intent', intent: 'enable', id: 'a1', payload: {} })
      .then([{ type: 'AlertEnabled', data: { changes: { enabled: true }, intent: {} } }]);
    spec.given([created]).when({ type: 'intent', intent: 'enable', id: 'a1', payload: {} }).then([]);
  });

  it('names an edit that switches it off or on for auditors, and an edit of anything else a change', () => {
    const switchedOff: EntityIntentEvent = {
      type: 'AlertDisabled',
      data: {
        changes: { enabled: false, name: 'Slow fibre (paused)' },
        intent: { before: { enabled: true }, after: { enabled: false } },
      },
    };
    spec
      .given([created])
      .when({ type: 'update', id: 'a1', changes: { enabled: false, name: 'Slow fibre (paused)' } })
      .then([switchedOff]);
    spec
      .given([created, switchedOff])
      .when({ type: 'update', id: 'a1', changes: { enabled: true } })
      .then([
        {
          type: 'AlertEnabled',
          data: { changes: { enabled: true }, intent: { before: { enabled: false }, after: { enabled: true } } },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'update', id: 'a1', changes: { eventsCount: 5 } })
      .then([{ type: 'AlertUpdated', data: { changes: { eventsCount: 5 } } }]);
  });

  it('refers to its campaigns, universes and providers, which must exist', () => {
    const withCampaign: EntityEvent = {
      type: 'AlertCreated',
      data: { id: 'a1', fields: { ...fields, campaigns: ['c1'] }, owner: 'profile-1' },
    };
    expect(
      entityConstraints(alertEntity, emptyEntity, [withCampaign]).addReferences?.map((reference) => reference.to),
    ).toEqual(['campaign-c1', 'universe-u1', 'provider-p1']);
  });
});

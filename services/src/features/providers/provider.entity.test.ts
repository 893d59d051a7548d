import { type EntityEvent, emptyEntity, entityConstraints, entityDecider } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { providerEntity } from './provider.entity.ts';

const spec = entitySpecification(providerEntity);
const fields = {
  name: 'Movistar',
  label: 'Movistar ES',
  country: 'Spain',
  numeric: '21407',
  imsis: ['21407123456789'],
  ipRanges: ['80.58.0.0/16', '2a02:9000::/23'],
  colour: '#0b78c1',
};
const created: EntityEvent = { type: 'ProviderCreated', data: { id: 'p1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'p1',
  fields: { ...fields, ...changes },
});

describe('provider', () => {
  it('is created with its fields, trimmed and with the colour lower-cased', () =>
    spec
      .given([])
      .when(create({ name: ' Movistar ', colour: '#0B78C1', spn: 'Movistar' }))
      .then([{ ...created, data: { ...created.data, fields: { ...fields, spn: 'Movistar' } } }]));

  it('needs a name, and refuses names too short or too long', () => {
    spec
      .given([])
      .when(create({ name: undefined }))
      .thenFails('validation.required', { fields: [{ field: 'name' }] });
    spec
      .given([])
      .when(create({ name: '  ' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'name' }] });
    spec
      .given([])
      .when(create({ name: 'x'.repeat(65) }))
      .thenFails('validation.tooLong', { fields: [{ field: 'name' }] });
  });

  it('refuses a label or country too short, and an SPN longer than 16 characters', () => {
    spec
      .given([])
      .when(create({ label: '' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'label' }] });
    spec
      .given([])
      .when(create({ country: 'E' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'country' }] });
    spec
      .given([])
      .when(create({ spn: 'x'.repeat(17) }))
      .thenFails('validation.tooLong', { fields: [{ field: 'spn' }] });
  });

  it('needs a numeric code of 5 to 6 digits', () => {
    for (const numeric of ['2140', '2140712', '214a7'])
      spec
        .given([])
        .when(create({ numeric }))
        .thenFails('providers.numericInvalid', { fields: [{ field: 'numeric' }] });
    spec
      .given([])
      .when(create({ numeric: '214070' }))
      .thenMatches([{ type: 'ProviderCreated' }]);
  });

  it('needs IMSIs of 14 to 15 digits', () => {
    for (const imsi of ['2140712345678', '2140712345678901', '21407123456789x'])
      spec
        .given([])
        .when(create({ imsis: [imsi] }))
        .thenFails('providers.imsiInvalid', { fields: [{ field: 'imsis.0' }] });
    spec
      .given([])
      .when(create({ imsis: ['214071234567890'] }))
      .thenMatches([{ type: 'ProviderCreated' }]);
  });

  it('refuses the same IMSI twice in one provider', () =>
    spec
      .given([])
      .when(create({ imsis: ['21407123456789', '21407123456789'] }))
      .thenFails('providers.imsiAlreadyAssigned', { field: 'imsis.1' }));

  it('needs IPv4 or IPv6 ranges or addresses', () => {
    spec
      .given([])
      .when(create({ ipRanges: ['10.0.0.0/8', '2001:db8::1', '192.168.1.7'] }))
      .thenMatches([{ type: 'ProviderCreated' }]);
    spec
      .given([])
      .when(create({ ipRanges: ['10.0.0.0/8', 'not a range'] }))
      .thenFails('providers.ipRangeInvalid', { fields: [{ field: 'ipRanges.1' }] });
    for (const range of ['10.0.0.0/33', '256.1.1.1', '2001:db8::/129', '1::2::3'])
      spec
        .given([])
        .when(create({ ipRanges: [range] }))
        .thenFails('providers.ipRangeInvalid', { field: 'ipRanges.0' });
  });

  it('needs a probe id of lowercase letters and digits', () => {
    for (const probeId of ['Probe1', 'probe 1', 'probe-1'])
      spec
        .given([])
        .when(create({ probeId }))
        .thenFails('providers.probeIdInvalid', { fields: [{ field: 'probeId' }] });
    spec
      .given([])
      .when(create({ probeId: 'probe01' }))
      .thenMatches([{ type: 'ProviderCreated' }]);
  });

  it('needs a colour as #rrggbb', () =>
    spec
      .given([])
      .when(create({ colour: '#12345' }))
      .thenFails('validation.invalidFormat', { fields: [{ field: 'colour' }] }));

  it('cannot be renamed, but other fields can change', () => {
    spec
      .given([created])
      .when({ type: 'update', id: 'p1', changes: { name: 'Telefónica' } })
      .thenFails('providers.nameChangeNotAllowed', { field: 'name' });
    spec
      .given([created])
      .when({ type: 'update', id: 'p1', changes: { name: 'Movistar', label: 'Movistar España' } })
      .then([{ type: 'ProviderUpdated', data: { changes: { label: 'Movistar España' } } }]);
  });

  it('claims its lower-cased name and each IMSI, and moves IMSIs on edit', () => {
    const state = entityDecider(providerEntity).evolve(emptyEntity, created);
    expect(entityConstraints(providerEntity, emptyEntity, [created]).claim).toEqual([
      { scope: 'provider-name', value: 'movistar', conflict: 'providers.nameExists' },
      { scope: 'provider-imsi', value: '21407123456789', conflict: 'providers.imsiAlreadyAssigned' },
    ]);
    const edited = entityConstraints(providerEntity, state, [
      { type: 'ProviderUpdated', data: { changes: { imsis: ['21407123456789', '21407987654321'] } } },
    ]);
    expect(edited).toMatchObject({ claim: [{ scope: 'provider-imsi', value: '21407987654321' }], release: [] });
    expect(entityConstraints(providerEntity, state, [{ type: 'ProviderDeleted', data: {} }]).release).toEqual([
      { scope: 'provider-name', value: 'movistar' },
      { scope: 'provider-imsi', value: '21407123456789' },
    ]);
  });
});

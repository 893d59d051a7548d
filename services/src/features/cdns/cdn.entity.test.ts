import { type EntityEvent, emptyEntity, entityConstraints, entityDecider } from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { cdnEntity } from './cdn.entity.ts';

const spec = entitySpecification(cdnEntity);
const fields = {
  name: 'Akamai Madrid',
  url: 'https://cdn.example.com/100MB.bin',
  type: 'download',
  tags: ['madrid', 'akamai1'],
  status: 'Active',
  size: 100_000_000,
  provider: 'p1',
  location: { latitude: 40.4168, longitude: -3.7038 },
  httpHeaders: [{ name: 'Accept', value: '*/*' }],
  requestBody: '{"warmup":true}',
  technologies: [{ technology: 4, trigger: 0.25, size: 20_000_000 }],
};
const created: EntityEvent = { type: 'CdnCreated', data: { id: 'c1', fields, owner: 'profile-1' } };
const create = (changes: Record<string, unknown>) => ({
  type: 'create' as const,
  id: 'c1',
  fields: { ...fields, ...changes },
});
const accepted: Partial<EntityEvent>[] = [{ type: 'CdnCreated' }];

describe('cdn', () => {
  it('is created with its fields', () => spec.given([]).when(create({})).then([created]));

  it('defaults to Active, with no tags, headers or technologies', () => {
    const given = { name: 'Edge', url: 'http://edge.example.com', type: 'upload', size: 1 };
    const defaults = { status: 'Active', tags: [], httpHeaders: [], technologies: [] };
    spec
      .given([])
      .when({ type: 'create', id: 'c1', fields: given })
      .then([{ type: 'CdnCreated', data: { id: 'c1', fields: { ...given, ...defaults }, owner: 'profile-1' } }]);
  });

  it('needs a name', () =>
    spec
      .given([])
      .when(create({ name: '' }))
      .thenFails('validation.tooShort', { fields: [{ field: 'name' }] }));

  it('needs a URL', () => {
    spec
      .given([])
      .when(create({ url: undefined }))
      .thenFails('cdns.urlRequired', { fields: [{ field: 'url' }] });
    spec
      .given([])
      .when(create({ url: '  ' }))
      .thenFails('cdns.urlRequired', { fields: [{ field: 'url' }] });
  });

  it('needs a valid http or https URL', () => {
    for (const url of ['cdn.example.com', 'ftp://cdn.example.com/file', 'https://', 'javascript:alert(1)'])
      spec
        .given([])
        .when(create({ url }))
        .thenFails('cdns.urlInvalid', { fields: [{ field: 'url' }] });
  });

  it('needs a valid type', () => {
    spec
      .given([])
      .when(create({ type: 'stream' }))
      .thenFails('cdns.typeInvalid', { fields: [{ field: 'type' }] });
    spec
      .given([])
      .when(create({ type: 'upload' }))
      .thenMatches(accepted);
  });

  it('accepts only lowercase letters and digits in tags', () => {
    for (const tag of ['Madrid', 'mad rid', 'mad-rid', ''])
      spec
        .given([])
        .when(create({ tags: ['ok', tag] }))
        .thenFails('cdns.tagInvalid', { fields: [{ field: 'tags.1' }] });
  });

  it('is Active or Inactive', () => {
    spec
      .given([])
      .when(create({ status: 'Inactive' }))
      .thenMatches(accepted);
    spec
      .given([])
      .when(create({ status: 'Paused' }))
      .thenFails('validation.invalidOption', { fields: [{ field: 'status' }] });
  });

  it('needs a size greater than 0', () => {
    for (const size of [0, -5, '10'])
      spec
        .given([])
        .when(create({ size }))
        .thenFails('cdns.sizeInvalid', { fields: [{ field: 'size' }] });
    spec
      .given([])
      .when(create({ size: undefined }))
      .thenFails('validation.required', { fields: [{ field: 'size' }] });
  });

  it('needs a location within range', () => {
    spec
      .given([])
      .when(create({ location: { latitude: 91, longitude: 0 } }))
      .thenFails('validation.outOfRange', { fields: [{ field: 'location.latitude' }] });
    spec
      .given([])
      .when(create({ location: { latitude: 0, longitude: -180.5 } }))
      .thenFails('validation.outOfRange', { fields: [{ field: 'location.longitude' }] });
  });

  it('needs a name and a value for every header', () => {
    for (const header of [{ name: '', value: 'x' }, { name: 'X-Test', value: ' ' }, { name: 'X-Test' }])
      spec
        .given([])
        .when(create({ httpHeaders: [header] }))
        .thenFails('cdns.headerIncomplete', { fields: [{ field: expect.stringMatching(/^httpHeaders\.0\./) }] });
  });

  it('needs a request body that is valid JSON', () => {
    for (const requestBody of ['{"a":', 'hello', ''])
      spec
        .given([])
        .when(create({ requestBody }))
        .thenFails('cdns.requestBodyInvalid', { fields: [{ field: 'requestBody' }] });
    spec
      .given([])
      .when(create({ requestBody: '[1, 2]' }))
      .thenMatches(accepted);
  });

  it('needs per technology a known technology, a trigger between 0 and 1 and a size greater than 0', () => {
    const technology = (changes: Record<string, unknown>) =>
      create({ technologies: [{ technology: 5, trigger: 1, size: 1, ...changes }] });
    spec
      .given([])
      .when(technology({ trigger: 0 }))
      .thenMatches(accepted);
    for (const trigger of [-0.1, 1.01])
      spec
        .given([])
        .when(technology({ trigger }))
        .thenFails('cdns.triggerOutOfRange', { fields: [{ field: 'technologies.0.trigger' }] });
    spec
      .given([])
      .when(technology({ size: 0 }))
      .thenFails('cdns.sizeInvalid', { fields: [{ field: 'technologies.0.size' }] });
    spec
      .given([])
      .when(technology({ technology: 6 }))
      .thenFails('validation.invalidOption', { fields: [{ field: 'technologies.0.technology' }] });
  });

  it('reports every broken field when several rules fail', () =>
    spec
      .given([])
      .when(create({ url: 'nope', size: 0 }))
      .thenFails('request.invalid', {
        fields: [
          { field: 'url', code: 'cdns.urlInvalid' },
          { field: 'size', code: 'cdns.sizeInvalid' },
        ],
      }));

  it('claims its lower-cased name and refers to its provider', () => {
    const state = entityDecider(cdnEntity).evolve(emptyEntity, created);
    expect(entityConstraints(cdnEntity, emptyEntity, [created])).toMatchObject({
      claim: [{ scope: 'cdn-name', value: 'akamai madrid', conflict: 'cdns.nameExists' }],
      addReferences: [{ to: 'provider-p1', missing: 'validation.invalidOption' }],
    });
    const moved = entityConstraints(cdnEntity, state, [
      { type: 'CdnUpdated', data: { changes: { name: 'Akamai Bilbao', provider: 'p2' } } },
    ]);
    expect(moved).toMatchObject({
      claim: [{ value: 'akamai bilbao' }],
      release: [{ scope: 'cdn-name', value: 'akamai madrid' }],
      addReferences: [{ to: 'provider-p2' }],
      removeReferences: [{ to: 'provider-p1' }],
    });
  });
});

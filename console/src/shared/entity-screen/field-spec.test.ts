import { describe, expect, it } from 'vitest';
import {
  changedBody,
  createBody,
  type FieldSpec,
  JsonFieldError,
  problemsByField,
  toFormValues,
} from './field-spec.ts';

const fields: FieldSpec[] = [
  { name: 'name', label: 'name', kind: 'text', required: true },
  { name: 'id', label: 'id', kind: 'text', fixedOnEdit: true },
  { name: 'port', label: 'port', kind: 'number' },
  { name: 'active', label: 'active', kind: 'checkbox' },
  { name: 'probes', label: 'probes', kind: 'multiselect' },
  { name: 'settings', label: 'settings', kind: 'json' },
  { name: 'startDate', label: 'startDate', kind: 'date' },
];

describe('entity form values', () => {
  const entity = {
    id: 'p1',
    name: 'Madrid',
    port: 443,
    active: true,
    probes: ['a'],
    settings: { x: 1 },
    startDate: '2026-01-02T00:00:00.000Z',
  };

  it('shows an entity in its inputs and sends back the same values unchanged', () => {
    const values = toFormValues(fields, entity);
    expect(values).toMatchObject({ name: 'Madrid', port: '443', active: true, probes: ['a'], startDate: '2026-01-02' });
    expect(createBody(fields, values)).toEqual(entity);
  });

  it('creates with only the filled fields, trimmed, and typed', () => {
    const values = { ...toFormValues(fields, undefined), name: '  Lisbon ', port: '80' };
    expect(createBody(fields, values)).toEqual({ name: 'Lisbon', port: 80, active: false, probes: [] });
  });

  it('updates only what changed; an emptied field is cleared with null; a fixed field is never sent', () => {
    const initial = toFormValues(fields, entity);
    const values = { ...initial, name: 'Madrid centre', port: '', id: 'other', probes: ['a', 'b'] };
    expect(changedBody(fields, initial, values)).toEqual({ name: 'Madrid centre', port: null, probes: ['a', 'b'] });
  });

  it('names the field whose JSON does not parse', () => {
    const values = { ...toFormValues(fields, undefined), name: 'x', settings: '{ not json' };
    expect(() => createBody(fields, values)).toThrow(JsonFieldError);
  });
});

describe('structured form values', () => {
  const structured: FieldSpec[] = [
    { name: 'name', label: 'name', kind: 'text' },
    { name: 'imsis', label: 'imsis', kind: 'list' },
    { name: 'location.latitude', label: 'latitude', kind: 'number' },
    { name: 'location.longitude', label: 'longitude', kind: 'number' },
    {
      name: 'headers',
      label: 'headers',
      kind: 'rows',
      columns: [
        { name: 'name', label: 'name', kind: 'text' },
        { name: 'limits.lower', label: 'lower', kind: 'number' },
      ],
    },
    {
      name: 'layers',
      label: 'layers',
      kind: 'multiselect',
      convert: {
        toForm: (value) => ((value as { id: string }[] | undefined) ?? []).map((layer) => layer.id),
        toApi: (value, previous) =>
          (Array.isArray(value) ? value : []).map(
            (id) => (previous as { id: string }[] | undefined)?.find((layer) => layer.id === id) ?? { id, groups: [] },
          ),
      },
    },
  ];
  const entity = {
    name: 'Movistar',
    imsis: ['21407000000000', '21407000000001'],
    location: { latitude: 40.4, longitude: -3.7 },
    headers: [{ name: 'x-a', limits: { lower: 1 } }],
    layers: [{ id: 'maps', groups: ['g1'] }],
  };

  it('edits lists one per line, nested objects by dotted names, rows with their own fields', () => {
    const values = toFormValues(structured, entity);
    expect(values.imsis).toBe('21407000000000\n21407000000001');
    expect(values['location.latitude']).toBe('40.4');
    expect(values.headers).toEqual({ rows: [{ name: 'x-a', 'limits.lower': '1' }] });
    expect(values.layers).toEqual(['maps']);
    expect(createBody(structured, values, entity)).toEqual(entity);
  });

  it('sends a nested object whole when one of its fields changed, and keeps what a converted input hides', () => {
    const initial = toFormValues(structured, entity);
    const values = { ...initial, 'location.longitude': '-3.8', layers: ['maps', 'tokens'], imsis: '1, 2\n3' };
    expect(changedBody(structured, initial, values, entity)).toEqual({
      location: { latitude: 40.4, longitude: -3.8 },
      layers: [
        { id: 'maps', groups: ['g1'] },
        { id: 'tokens', groups: [] },
      ],
      imsis: ['1', '2', '3'],
    });
  });

  it('places server problems under the field or the row input they name', () => {
    expect(
      problemsByField(structured, {
        'imsis.1': 'bad IMSI',
        'headers.0.limits.lower': 'too small',
        'location.latitude': 'out of range',
        unknown: 'x',
      }),
    ).toEqual({ imsis: 'bad IMSI', 'headers.0.limits.lower': 'too small', 'location.latitude': 'out of range' });
  });
});

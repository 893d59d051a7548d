import { describe, expect, it } from 'vitest';
import { changedBody, createBody, type FieldSpec, JsonFieldError, toFormValues } from './field-spec.ts';

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

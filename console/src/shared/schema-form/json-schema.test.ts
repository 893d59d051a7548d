import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changedFields, initialValue, inputSchemaOf, kindOf, pruned, setAt, settledGroup } from './json-schema.ts';

const secret = z.union([z.string(), z.strictObject({ sealed: z.string() })]).optional();
const schema = inputSchemaOf(
  z.object({
    name: z.string(),
    count: z.number().int().default(10),
    on: z.boolean().optional(),
    mode: z.enum(['a', 'b']),
    point: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).optional(),
    servers: z.array(z.object({ host: z.string(), port: z.number().optional() })).default([]),
    domains: z.array(z.string()),
    percentiles: z.array(z.number()).default([50, 90]),
    password: secret,
    settings: z.record(z.string(), z.unknown()).optional(),
    threads: z.object({ initial: z.number(), max: z.number() }),
  }),
);
const property = (name: string) => schema.properties?.[name] ?? {};

describe('schema forms', () => {
  it('tells each property kind from the JSON Schema of a zod contract', () => {
    expect(
      Object.fromEntries(Object.keys(schema.properties ?? {}).map((name) => [name, kindOf(property(name))])),
    ).toEqual({
      name: 'text',
      count: 'number',
      on: 'boolean',
      mode: 'choice',
      point: 'group',
      servers: 'objectList',
      domains: 'textList',
      percentiles: 'numberList',
      password: 'secret',
      settings: 'json',
      threads: 'group',
    });
    expect(kindOf(property('point').properties?.type ?? {})).toBe('constant');
    expect(kindOf(property('point').properties?.coordinates ?? {})).toBe('numberList');
  });

  it('starts a new object with its defaults, its constants and its required groups', () => {
    expect(initialValue(schema)).toEqual({ count: 10, servers: [], percentiles: [50, 90], threads: {} });
  });

  it('completes a group default with the defaults of its own properties', () => {
    const rules = inputSchemaOf(
      z.object({
        scheduling: z
          .object({
            start: z.object({ hour: z.number() }).default({ hour: 0 }),
            limits: z.object({ battery: z.number().optional() }).prefault({}),
          })
          .prefault({}),
      }),
    );
    expect(initialValue(rules)).toEqual({ scheduling: { start: { hour: 0 }, limits: {} } });
  });

  it('sets a value deep in a copy, making containers, and removes it when undefined', () => {
    const start = { a: { b: 1 }, list: [{ x: 1 }] };
    expect(setAt(start, ['a', 'c', 'd'], 2)).toEqual({ a: { b: 1, c: { d: 2 } }, list: [{ x: 1 }] });
    expect(setAt(start, ['list', 0, 'x'], 5)).toEqual({ a: { b: 1 }, list: [{ x: 5 }] });
    expect(setAt(start, ['a', 'b'], undefined)).toEqual({ a: {}, list: [{ x: 1 }] });
    expect(start).toEqual({ a: { b: 1 }, list: [{ x: 1 }] });
  });

  it('leaves blank texts and empty groups out of what is sent, but keeps lists', () => {
    expect(pruned({ name: ' ', tags: [], device: { dns: {} }, count: 0, on: false })).toEqual({
      tags: [],
      count: 0,
      on: false,
    });
  });

  it('keeps a group absent until one of its own values is given, then fills its constants', () => {
    const point = property('point');
    expect(settledGroup({ type: 'Point' }, point)).toBeUndefined();
    expect(settledGroup({ coordinates: [] }, point)).toEqual({ type: 'Point', coordinates: [] });
    expect(settledGroup({ coordinates: [-3.7, 40.4] }, point)).toEqual({ type: 'Point', coordinates: [-3.7, 40.4] });
  });

  it('sends in an update only the fields that changed, null for those cleared, whatever the key order', () => {
    const stored = { name: 'a', device: { dns: { primary: '8.8.8.8' }, wifi: [] }, town: 'Madrid', tags: [] };
    const draft = { name: 'b', device: { wifi: [], dns: { primary: '8.8.8.8' } }, tags: [] };
    expect(changedFields(stored, draft, ['name', 'device', 'town', 'tags', 'latitude'])).toEqual({
      name: 'b',
      town: null,
    });
  });
});

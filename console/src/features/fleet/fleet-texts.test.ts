import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeFieldsSchema } from '@nq/contracts/fleet/probe';
import { taskSuiteFieldsSchema } from '@nq/contracts/fleet/task-suite';
import { taskTypes } from '@nq/contracts/fleet/tasks';
import { describe, expect, it } from 'vitest';
import { inputSchemaOf, type JsonSchema } from '../../shared/schema-form/json-schema.ts';

const english = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en/fleet.json'), 'utf8')) as {
  fields: Record<string, string>;
  taskTypes: Record<string, string>;
};

/** Every property name met anywhere in a schema (nested groups, list entries, union members). */
function propertyNames(schema: JsonSchema | undefined | false): string[] {
  if (!schema) return [];
  const nested = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.prefixItems ?? []),
    ...(schema.items ? [schema.items] : []),
  ];
  return [...Object.keys(schema.properties ?? {}), ...nested.flatMap(propertyNames)];
}

describe('probe and task suite forms', () => {
  it('have a label for every field the API body takes, including every argument of the 16 test types', () => {
    const names = new Set([
      ...propertyNames(inputSchemaOf(probeFieldsSchema)),
      ...propertyNames(inputSchemaOf(taskSuiteFieldsSchema)),
    ]);
    expect([...names].filter((name) => !english.fields[name])).toEqual([]);
  });

  it('name every test type', () => {
    expect(taskTypes).toHaveLength(16);
    expect(taskTypes.filter((type) => !english.taskTypes[type])).toEqual([]);
  });
});

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

const textsOf = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../locales/${language}/fleet.json`), 'utf8')) as {
    options: Record<string, string>;
    technologies: Record<string, string>;
  };

/** Every choice a schema offers (enums and constants), by the property that offers it. */
function choicesOf(schema: JsonSchema | undefined | false, name = ''): [string, string][] {
  if (!schema) return [];
  const own = [...(schema.enum ?? []), ...(schema.const !== undefined ? [schema.const] : [])].map(
    (value): [string, string] => [name, String(value)],
  );
  const nested = [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => choicesOf(value, key)),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.prefixItems ?? [])].flatMap((value) =>
      choicesOf(value, name),
    ),
    ...(schema.items ? choicesOf(schema.items, name) : []),
  ];
  return [...own, ...nested];
}

describe('probe and task suite choices', () => {
  it.each(['en', 'es'])('%s: every choice of the forms has a text of its own (deployments included)', (language) => {
    const texts = textsOf(language);
    const choices = [...choicesOf(inputSchemaOf(probeFieldsSchema)), ...choicesOf(inputSchemaOf(taskSuiteFieldsSchema))]
      // Test types and families have texts of their own; codes (DNS record types, codecs) read the same everywhere.
      .filter(([name]) => name !== 'type' && name !== 'testType' && name !== 'family')
      .filter(([, value]) => !/^[A-Z0-9][A-Z0-9.-]*$/.test(value));
    const untranslated = choices.filter(([name, value]) =>
      name === 'forceTechnology' ? !texts.technologies[value] : !texts.options[value],
    );
    expect([...new Set(untranslated.map(([name, value]) => `${name}=${value}`))]).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = import.meta.dirname;
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(folder, language, file), 'utf8')) as Record<string, unknown>;

/** Every key path of a nested texts object ("categories.tools"). */
const keysOf = (texts: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const valueAt = (texts: Record<string, unknown>, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], texts);

describe('console texts', () => {
  const english = readdirSync(join(folder, 'en')).filter((file) => file.endsWith('.json'));

  it('has a Spanish file for every English namespace and no other', () => {
    expect(
      readdirSync(join(folder, 'es'))
        .filter((file) => file.endsWith('.json'))
        .sort(),
    ).toEqual(english.sort());
  });

  it.each(english)('%s: both languages have the same keys, every text filled, the same placeholders', (file) => {
    const en = read('en', file);
    const es = read('es', file);
    expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(en)) {
      expect(String(valueAt(es, key)).trim(), `${file} ${key}`).not.toBe('');
      expect(placeholders(valueAt(es, key)), `${file} ${key}`).toEqual(placeholders(valueAt(en, key)));
    }
  });
});

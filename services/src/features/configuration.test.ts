import { configurationKinds } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { configurationEntities, configurationKindList } from './configuration.ts';

describe('the configuration registry', () => {
  it('holds each kind of contracts once, under the kind its definition streams as', () => {
    expect(configurationKindList.toSorted()).toEqual(Object.keys(configurationKinds).sort());
    for (const kind of configurationKindList) expect(configurationEntities[kind].definition.kind).toBe(kind);
  });

  it('gives each kind a read model of its own', () => {
    const collections = configurationKindList.map((kind) => configurationEntities[kind].collection);
    expect(new Set(collections).size).toBe(collections.length);
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { configurationKinds } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { features } from './features.ts';
import { configurationEntities, platformRuns, readModels } from './platform-runs.ts';

const featuresDir = join(import.meta.dirname, '../features');
const kinds = configurationEntities.map((entity) => entity.definition.kind);

describe('the features, as their manifests declare them', () => {
  it('lists every feature folder that has a manifest, once, under its folder name', () => {
    const withManifest = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) => readdirSync(join(featuresDir, entry.name)).includes('manifest.ts'))
      .map((entry) => entry.name);
    expect(features.map((feature) => feature.name).toSorted()).toEqual(withManifest.toSorted());
  });

  it('brings each configuration kind of the contracts once, under the kind its definition streams as', () => {
    expect(kinds.toSorted()).toEqual(Object.keys(configurationKinds).sort());
  });

  it('gives each kind and each other read model a collection and a name of its own', () => {
    const collections = configurationEntities.map((entity) => entity.collection);
    expect(new Set(collections).size).toBe(collections.length);
    const names = readModels.map((projection) => projection.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('declares each worker and each job kind once', () => {
    const workers = platformRuns.workers.map((worker) => worker.name);
    expect(new Set(workers).size).toBe(workers.length);
    const jobs = (platformRuns.jobs ?? []).map((job) => job.kind.name);
    expect(new Set(jobs).size).toBe(jobs.length);
  });
});

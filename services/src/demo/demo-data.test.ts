import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { configurationKindList, configurationServices } from '../features/configuration.ts';
import { platformRuns } from '../features/platform-runs.ts';
import { openPlatform } from '../platform/platform.ts';
import { demoEntityKinds, loadDemoData } from './demo-data.ts';

describe('demo data', () => {
  it('loads a valid configuration of every kind once, into an empty store only', async () => {
    const config = loadConfig({});
    const platform = await openPlatform(config, platformRuns, { inMemory: true });
    const services = configurationServices(platform.eventStore, config.configuration, platform.secrets.seal);
    expect(await loadDemoData(platform, services)).toBeGreaterThan(10);
    expect(await loadDemoData(platform, services)).toBe(0);
    expect([...demoEntityKinds].sort()).toEqual(configurationKindList.toSorted());
    await platform.projector.catchUp();
    const clusters = await platform.readStore.list('clusters', { offset: 0, limit: 10 });
    expect(clusters.items[0]).toMatchObject({ name: 'Madrid landline', owner: 'demo-admin' });
    await platform.close();
  });
});

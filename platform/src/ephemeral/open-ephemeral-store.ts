import type { EphemeralStore } from './ephemeral-store-port.ts';
import { openMemoryEphemeralStore } from './memory-ephemeral-store.ts';
import { openRedisEphemeralStore } from './redis-ephemeral-store.ts';

export interface EphemeralStoreConfig {
  adapter: EphemeralStore['adapter'];
  redisUrl: string;
  prefix?: string;
}

export async function openEphemeralStore({ adapter, redisUrl, prefix }: EphemeralStoreConfig): Promise<EphemeralStore> {
  return adapter === 'redis'
    ? openRedisEphemeralStore({ redisUrl, ...(prefix === undefined ? {} : { prefix }) })
    : openMemoryEphemeralStore();
}

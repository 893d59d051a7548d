import { basePathOf } from '@nq/contracts/configuration/kinds';
import { api } from '../../../shared/api/api-client.ts';
import type { Entity } from '../../../shared/api/entities.ts';

export type Provider = Entity & {
  name: string;
  label?: string;
  country?: string;
  numeric?: string;
  spn?: string;
  imsis?: string[];
  ipRanges?: string[];
  probeId?: string;
  colour?: string;
};

/**
 * GET /api/providers/detector (docs/product/api.md#providers): which provider owns an IP address or an IMSI (the
 * provider test).
 */
export const detectProvider = (query: { ip?: string; imsi?: string }, signal?: AbortSignal) =>
  api.get<{ provider: Provider | null }>(`${basePathOf('provider')}/detector`, { query, signal });

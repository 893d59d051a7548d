import type { AlertGrouping } from '@nq/contracts/configuration/alert';
import { api } from '../../../shared/api/api-client.ts';

interface ProbesChunk {
  list: { probeId: string }[];
  count: number;
  pageSize: number;
}

const paths = {
  campaign: { path: '/probes/actives/bycampaign', param: 'campaignId' },
  universe: { path: '/probes/actives/byuniverse', param: 'universeId' },
} as const;

/** The probes of a campaign or universe group, read 50 at a time (docs/product/limits.md#samples-and-pages). */
export async function groupMembers(kind: Exclude<AlertGrouping, 'probe'>, id: string, signal?: AbortSignal) {
  const { path, param } = paths[kind];
  const members: string[] = [];
  for (let page = 1; ; page++) {
    const chunk = await api.get<ProbesChunk>(path, { query: { [param]: id, page }, signal });
    members.push(...chunk.list.map((probe) => probe.probeId));
    if (chunk.list.length === 0 || page * chunk.pageSize >= chunk.count) return members;
  }
}

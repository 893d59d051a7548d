import { panelOperators } from './panel-operators.ts';
import type { PanelProbe } from './panel-probes.ts';
import { spainProvinces } from './spain-provinces.ts';

/** A cluster or universe of the panel and the probes it holds. */
export interface PanelGroup {
  name: string;
  description: string;
  attributes: Record<string, string>;
  members: string[];
}

/** Members since the campaigns' start: a fixed instant, so the same seed writes the same bodies. */
export const membershipOf = (probeId: string) => ({ probeId, start: '2026-01-01T00:00:00Z' });

/** `size` probe ids drawn without repeat (a partial Fisher–Yates shuffle). */
function sample(probes: readonly PanelProbe[], size: number, random: () => number) {
  const ids = probes.map((probe) => probe.probeId);
  const taken = Math.min(size, ids.length);
  for (let index = 0; index < taken; index++) {
    const other = index + Math.floor(random() * (ids.length - index));
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
  }
  return ids.slice(0, taken);
}

/**
 * `count` clusters: two national samples (10,000 and 1,000 probes, the second within the first) and the rest spread
 * over the provinces, each probe in one of its province's.
 */
export function panelClusters(probes: readonly PanelProbe[], count: number, random: () => number) {
  const national = sample(probes, 10_000, random);
  const large: PanelGroup = {
    name: 'National sample 10k',
    description: `${national.length} probes drawn from the whole panel`,
    attributes: { country: 'Spain' },
    members: national,
  };
  const small: PanelGroup = {
    name: 'National sample 1k',
    description: `${Math.min(1_000, national.length)} probes of the 10k sample`,
    attributes: { country: 'Spain' },
    members: national.slice(0, 1_000),
  };
  const provincial: PanelGroup[] = Array.from({ length: Math.max(0, count - 2) }, (_, index) => {
    const province = spainProvinces[index % spainProvinces.length]!;
    return {
      name: `${province.name} panel ${Math.floor(index / spainProvinces.length) + 1}`,
      description: `Probes of ${province.name}`,
      attributes: { country: 'Spain', region: province.name },
      members: [],
    };
  });
  const byProvince = Map.groupBy(provincial, (_, index) => spainProvinces[index % spainProvinces.length]!);
  for (const probe of probes) {
    const choices = byProvince.get(probe.province);
    if (choices) choices[Math.floor(random() * choices.length)]!.members.push(probe.probeId);
  }
  return { large, small, provincial };
}

/** Universes of the fixed probes: one per province and one per operator. */
export function panelUniverses(probes: readonly PanelProbe[]): PanelGroup[] {
  const fixed = probes.filter((probe) => probe.kind.type === 'landline');
  return [
    ...spainProvinces.map((province) => ({
      name: `Fixed ${province.name}`,
      description: `Fixed probes of ${province.name}`,
      attributes: { country: 'Spain', region: province.name },
      members: fixed.filter((probe) => probe.province === province).map((probe) => probe.probeId),
    })),
    ...panelOperators.map(({ provider }) => ({
      name: `Fixed ${provider.name}`,
      description: `Fixed probes on ${provider.name}`,
      attributes: { country: 'Spain', provider: provider.name },
      members: fixed.filter((probe) => probe.operator.provider === provider).map((probe) => probe.probeId),
    })),
  ];
}

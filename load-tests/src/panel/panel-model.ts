import { seededRandom } from '@nq/services/simulator/fleet-model';
import { campaignsOf, panelTaskSuites } from './panel-configuration.ts';
import { panelClusters, panelUniverses } from './panel-groups.ts';
import { panelOperators } from './panel-operators.ts';
import { panelProbes } from './panel-probes.ts';
import { spainProvinces } from './spain-provinces.ts';

export interface PanelSize {
  probes: number;
  clusters: number;
  seed: number;
}

/** A regulator's national panel: everything the benchmark creates, the same for the same size and seed. */
export function generatePanel({ probes: count, clusters: clusterCount, seed }: PanelSize) {
  const random = seededRandom(seed);
  const probes = panelProbes(count, random);
  return {
    providers: panelOperators.map((operator) => operator.provider),
    taskSuites: panelTaskSuites,
    campaigns: spainProvinces.flatMap(campaignsOf),
    probes,
    clusters: panelClusters(probes, clusterCount, random),
    universes: panelUniverses(probes),
  };
}

export type Panel = ReturnType<typeof generatePanel>;

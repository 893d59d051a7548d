import { reachesLayer } from '@nq/contracts/identity/layers';
import { useProfile } from '../../../shared/api/profile.ts';

/** Whether the profile reaches a screen: a tile links only to the screens its profile has. */
export function useReaches() {
  const layers = useProfile()?.layers ?? [];
  return (layer: string) => reachesLayer(layers, layer);
}

/** The evolution screen showing what a KPI tile charts: the KPI's daily average over the same days. */
export const evolutionLink = (selection: { kpi: string; tsStart: string; tsEnd: string }) =>
  `/evolution?${new URLSearchParams({ kpi: selection.kpi, metric: 'avg', granularity: 'day', tsStart: selection.tsStart, tsEnd: selection.tsEnd })}`;

export const scorecardLink = (id: string) => `/scorecard_live/${encodeURIComponent(id)}`;
export const measurementLink = (id: string) => `/measurementAnalysis/detail/${encodeURIComponent(id)}`;

import { campaignsOf, type ProbeKind, probeKinds } from './panel-configuration.ts';
import { type Operator, panelOperators } from './panel-operators.ts';
import { type Province, spainProvinces } from './spain-provinces.ts';

/** A probe of the panel, as the CSV import creates it and as the load plays it. */
export interface PanelProbe {
  probeId: string;
  name: string;
  kind: ProbeKind;
  province: Province;
  operator: Operator;
  lat: number;
  lon: number;
  technology: number;
  postCode: string;
  /** Mobile probes only: one of their province's campaigns, by name. */
  campaign?: string;
}

/** One of `items`, drawn with the weights given. */
function weighted<T>(items: readonly T[], weightOf: (item: T) => number) {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  return (random: () => number) => {
    let left = random() * total;
    for (const item of items) {
      left -= weightOf(item);
      if (left < 0) return item;
    }
    return items.at(-1)!;
  };
}

const provinceOf = weighted(spainProvinces, (province) => province.population);
const operatorOf = weighted(panelOperators, (operator) => operator.share);
// 60 % fixed (of them 70 % on fibre, 30 % on wifi), 40 % mobile.
const kindOf = weighted(probeKinds, (kind) => (kind.type === 'mobile' ? 0.4 : kind.family === 'Cube' ? 0.42 : 0.18));
const pick = <T>(items: readonly T[], random: () => number) => items[Math.floor(random() * items.length)]!;
const campaignNames = new Map(
  spainProvinces.map((province) => [province, campaignsOf(province).map(({ name }) => name)]),
);

/** Nearer the capital than the edge: the mean of two draws over the province's square. */
const around = (centre: number, spread: number, random: () => number) =>
  Number((centre + (random() + random() - 1) * spread).toFixed(5));

/** `count` probes spread over the provinces by population, the same for the same draws. */
export function panelProbes(count: number, random: () => number): PanelProbe[] {
  return Array.from({ length: count }, (_, index) => {
    const province = provinceOf(random);
    const operator = operatorOf(random);
    const kind = kindOf(random);
    const probeId = `es${province.code}${index.toString(36)}`;
    return {
      probeId,
      name: `${province.name} ${kind.type} ${operator.provider.name} ${probeId}`,
      kind,
      province,
      operator,
      lat: around(province.lat, province.spread, random),
      lon: around(province.lon, province.spread, random),
      technology: pick(kind.technologies, random),
      postCode: `${province.code}${String(Math.floor(random() * 1_000)).padStart(3, '0')}`,
      ...(kind.type === 'mobile' ? { campaign: pick(campaignNames.get(province)!, random) } : {}),
    };
  });
}

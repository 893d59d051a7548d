import type { ProviderFields } from '@nq/contracts';
import type { Isp } from '@nq/services/simulator/fleet-model';

/** An operator of the panel: the provider entity the platform detects it by, and its share of the probes. */
export interface Operator {
  provider: ProviderFields;
  share: number;
  /** How the fleet model measures through it (its quality, its /16 and MCC+MNC for the results' IP and IMSI). */
  isp: Isp;
}

const operator = (
  name: string,
  numeric: string,
  share: number,
  quality: number,
  ipRanges: string[],
  colour: string,
): Operator => ({
  provider: {
    name,
    label: name,
    country: 'Spain',
    numeric,
    spn: name,
    // IMSI prefixes of 14 digits (the shortest the provider schema takes): a few subscriber blocks each.
    imsis: ['0', '1', '2'].map((block) => `${numeric}${block}`.padEnd(14, '0')),
    ipRanges,
    colour,
  },
  share,
  isp: { name, quality, network: ipRanges[0]!.split('.').slice(0, 2).join('.'), mccMnc: numeric },
});

// Rough market shares; the address ranges look like the operators' but are not a registry's.
export const panelOperators: readonly Operator[] = [
  operator('Movistar', '21407', 0.3, 1.0, ['80.58.0.0/16', '81.32.0.0/12', '2a02:9000::/23'], '#019df4'),
  operator('Vodafone', '21401', 0.22, 0.9, ['212.166.0.0/16', '77.208.0.0/13'], '#e60000'),
  operator('Orange', '21403', 0.22, 0.88, ['90.160.0.0/12', '83.56.0.0/13'], '#ff7900'),
  operator('Yoigo', '21404', 0.12, 0.85, ['37.11.0.0/16', '5.224.0.0/14'], '#a0007e'),
  operator('Digi', '21422', 0.14, 0.8, ['79.116.0.0/16', '188.26.0.0/15'], '#1e3a8a'),
];

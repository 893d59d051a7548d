import type { Measurement, ProviderFields } from '@nq/contracts';
import { contains, type IpRange, parseIpAddress, parseIpRange } from './ip-ranges.ts';

export interface ProviderEntry {
  id: string;
  fields: Pick<ProviderFields, 'imsis' | 'ipRanges'> & Partial<Pick<ProviderFields, 'name' | 'label' | 'spn'>>;
}

/** What the detector reads of a provider's read-model document. */
export const providerEntryFields = (document: Record<string, unknown>): ProviderEntry['fields'] => ({
  imsis: (document.imsis as string[] | undefined) ?? [],
  ipRanges: (document.ipRanges as string[] | undefined) ?? [],
  ...(typeof document.name === 'string' ? { name: document.name } : {}),
  ...(typeof document.label === 'string' ? { label: document.label } : {}),
  ...(typeof document.spn === 'string' ? { spn: document.spn } : {}),
});

/** A prefix length comparable across versions: an IPv4 range is an IPv6 one under ::ffff:0:0/96. */
const specificity = (range: IpRange) => (range.version === 4 ? range.prefix + 96 : range.prefix);

export interface ProviderQuery {
  ip?: string;
  imsi?: string;
  /** A name the provider goes by: what a probe reports as its ISP, say. */
  name?: string;
}

/** Names compare whatever their letter case and surrounding spaces. */
const comparable = (name: string) => name.trim().toLowerCase();

/**
 * Prepares the providers once (ranges parsed, names indexed) and answers which one owns an IMSI or an IP, or goes by
 * a name:
 * - IMSI: a provider's IMSI equal to the query or a prefix of it; the longest one wins.
 * - IP: a provider's range holding the address; the most specific (longest prefix) wins, the first listed on a tie.
 * - name: a provider's name, else label, else SPN equal to it in any letter case; the first listed on a tie.
 * The IMSI decides (it names the subscriber's home network), the IP is the fallback, then the name.
 */
export function providerDetector<Provider extends ProviderEntry>(providers: readonly Provider[]) {
  const ranges = providers.flatMap((provider) =>
    provider.fields.ipRanges.flatMap((text) => {
      const range = parseIpRange(text);
      return range ? [{ provider, range }] : [];
    }),
  );

  const named = new Map<string, Provider>();
  for (const field of ['name', 'label', 'spn'] as const)
    for (const provider of providers) {
      const name = provider.fields[field];
      if (name && !named.has(comparable(name))) named.set(comparable(name), provider);
    }

  const byImsi = (imsi: string) => {
    let best: { provider: Provider; length: number } | undefined;
    for (const provider of providers)
      for (const candidate of provider.fields.imsis)
        if (imsi.startsWith(candidate) && candidate.length > (best?.length ?? 0))
          best = { provider, length: candidate.length };
    return best?.provider;
  };

  const byIp = (ip: string) => {
    const address = parseIpAddress(ip);
    if (address === undefined) return undefined;
    let best: { provider: Provider; range: IpRange } | undefined;
    for (const entry of ranges)
      if (contains(entry.range, address) && specificity(entry.range) > (best ? specificity(best.range) : -1))
        best = entry;
    return best?.provider;
  };

  return (query: ProviderQuery): Provider | undefined => {
    const imsi = query.imsi?.trim();
    const ip = query.ip?.trim();
    return (
      (imsi ? byImsi(imsi) : undefined) ??
      (ip ? byIp(ip) : undefined) ??
      (query.name ? named.get(comparable(query.name)) : undefined)
    );
  };
}

/** The provider owning the IMSI or IP of the query, or going by its name (see providerDetector), or undefined. */
export const detectProvider = <Provider extends ProviderEntry>(providers: readonly Provider[], query: ProviderQuery) =>
  providerDetector(providers)(query);

/**
 * A measurement's ISP (one identity for an ISP: a provider): the provider going by the name the probe reports, else
 * `owner`, the provider owning its IMSI or IP address (found here unless the caller has it already).
 */
export function ispOf<Provider>(
  detect: (query: ProviderQuery) => Provider | undefined,
  facts: Pick<Measurement, 'isp' | 'imsi' | 'ip'>,
  owner: Provider | undefined = detect({
    ...(facts.imsi ? { imsi: facts.imsi } : {}),
    ...(facts.ip ? { ip: facts.ip } : {}),
  }),
): Provider | undefined {
  return (facts.isp ? detect({ name: facts.isp }) : undefined) ?? owner;
}

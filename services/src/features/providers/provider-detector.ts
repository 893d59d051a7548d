import type { ProviderFields } from '@nq/contracts';
import { contains, type IpRange, parseIpAddress, parseIpRange } from './ip-ranges.ts';

export interface ProviderEntry {
  id: string;
  fields: Pick<ProviderFields, 'imsis' | 'ipRanges'>;
}

/** A prefix length comparable across versions: an IPv4 range is an IPv6 one under ::ffff:0:0/96. */
const specificity = (range: IpRange) => (range.version === 4 ? range.prefix + 96 : range.prefix);

export interface ProviderQuery {
  ip?: string;
  imsi?: string;
}

/**
 * Prepares the providers once (ranges parsed) and answers which one owns an IMSI or an IP:
 * - IMSI: a provider's IMSI equal to the query or a prefix of it; the longest one wins.
 * - IP: a provider's range holding the address; the most specific (longest prefix) wins, the first listed on a tie.
 * With both, the IMSI decides (it names the subscriber's home network) and the IP is the fallback.
 */
export function providerDetector<Provider extends ProviderEntry>(providers: readonly Provider[]) {
  const ranges = providers.flatMap((provider) =>
    provider.fields.ipRanges.flatMap((text) => {
      const range = parseIpRange(text);
      return range ? [{ provider, range }] : [];
    }),
  );

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
    return (imsi ? byImsi(imsi) : undefined) ?? (ip ? byIp(ip) : undefined);
  };
}

/** The provider owning the IMSI or IP of the query (see providerDetector), or undefined. */
export const detectProvider = <Provider extends ProviderEntry>(providers: readonly Provider[], query: ProviderQuery) =>
  providerDetector(providers)(query);

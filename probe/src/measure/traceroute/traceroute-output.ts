import { isIP } from 'node:net';

export interface TracerouteHop {
  hop: number;
  /** The first address that answered at this distance; none when nothing did. */
  address?: string;
  rtts: number[];
}

export interface TracerouteOutput {
  /** The address traced to (`traceroute to host (address)`). */
  target?: string;
  hops: TracerouteHop[];
  /** The hop at which the target itself answered; undefined when it never did. */
  reachedAt?: number;
}

const maxRttsPerHop = 16;

/**
 * What `traceroute -n` printed (C locale): one line per hop, `N  address  rtt ms  rtt ms…`, `*` for a probe without
 * answer, several addresses on a line when the probes were answered by different routers, `!H`-like annotations.
 */
export function parseTracerouteOutput(stdout: string): TracerouteOutput {
  const output: TracerouteOutput = { hops: [] };
  for (const line of stdout.split('\n')) {
    const header = /^traceroute to \S+ \(([^)]+)\)/.exec(line);
    if (header) output.target = header[1];
    const hopLine = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!hopLine) continue;
    const hop: TracerouteHop = { hop: Number(hopLine[1]), rtts: [] };
    const tokens = hopLine[2]!.trim().split(/\s+/);
    const addresses: string[] = [];
    tokens.forEach((token, index) => {
      if (isIP(token)) addresses.push(token);
      else if (tokens[index + 1] === 'ms' && /^\d+(\.\d+)?$/.test(token) && hop.rtts.length < maxRttsPerHop)
        hop.rtts.push(Number(token));
    });
    if (addresses[0]) hop.address = addresses[0];
    output.hops.push(hop);
    if (output.reachedAt === undefined && output.target && addresses.includes(output.target))
      output.reachedAt = hop.hop;
  }
  return output;
}

export interface PingOutput {
  /** The address ping resolved the host to (`PING host (address)`). */
  address?: string;
  /** Each reply's RTT (ms) in the order they came, duplicates left out. */
  rtts: number[];
  /** From the summary; without one (ping stopped early), counted from the replies. */
  transmitted?: number;
  received: number;
  /** The first error ping reported for a packet (`From 10.0.0.1 icmp_seq=1 Destination Host Unreachable`). */
  firstError?: string;
}

const replyLine = /^\d+ bytes from .*icmp_seq=(\d+).*time[=<]([\d.]+) ms(.*)$/;
const summaryLine = /^(\d+) packets transmitted, (\d+) (?:packets )?received/;
const errorLine = /^From \S+.* icmp_seq=\d+ (.+)$/;

/** What iputils' `ping -n` printed (C locale). */
export function parsePingOutput(stdout: string): PingOutput {
  const output: PingOutput = { rtts: [], received: 0 };
  const seen = new Set<string>();
  for (const line of stdout.split('\n')) {
    const header = /^PING \S+ \(([^)]+)\)/.exec(line);
    if (header) output.address = header[1];
    const reply = replyLine.exec(line);
    if (reply && !reply[3]!.includes('DUP!') && !seen.has(reply[1]!)) {
      seen.add(reply[1]!);
      output.rtts.push(Number(reply[2]));
    }
    const summary = summaryLine.exec(line);
    if (summary) output.transmitted = Number(summary[1]);
    const error = errorLine.exec(line);
    if (error && !output.firstError) output.firstError = line.trim();
  }
  output.received = output.rtts.length;
  return output;
}

/** iputils refuses an interval below its limit for an unprivileged user: that limit (ms), when it said so. */
export const minimalIntervalMs = (stderr: string) => {
  const said = /minimal interval allowed for user is (\d+)\s*ms/.exec(stderr);
  return said ? Number(said[1]) : undefined;
};

import type { ProbeMembership } from '@nq/contracts';

/**
 * The probes of a cluster or universe at an instant: a membership counts from its start (inclusive) until its end
 * (exclusive), or for good when it has no end. Each probe once, in the order first listed.
 */
export function membersAsOf(memberships: readonly ProbeMembership[], at: Date): string[] {
  const instant = at.getTime();
  const members = new Set<string>();
  for (const { probeId, start, end } of memberships) {
    if (Date.parse(start) <= instant && (end === undefined || instant < Date.parse(end))) members.add(probeId);
  }
  return [...members];
}

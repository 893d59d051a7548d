// Probes: the probes seen in the measurements.
export { type ProbeSight, probeSight, seenProbeFilters } from './probes-seen.ts';

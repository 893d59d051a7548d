// Probes: the probes seen in the measurements.
export { probesManifest } from './manifest.ts';
export { type ProbeSight, probeSight, seenProbeFilters } from './probes-seen.ts';

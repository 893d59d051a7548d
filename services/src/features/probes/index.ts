// Probes: the probe entity, and the probes seen in the measurements.
export { probesManifest } from './manifest.ts';
export { probeConfiguration } from './probe.entity.ts';
export { type ProbeSight, probeSight, seenProbeFilters } from './probes-seen.ts';

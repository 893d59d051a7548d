// Result imports: results measured elsewhere (RIPE Atlas, M-Lab's ndt7, iperf3, Ookla) as the platform's measurements.
export { resultImportsManifest } from './manifest.ts';

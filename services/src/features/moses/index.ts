// MOS tables: the MOS configuration and the checks of its entries.
export { mosesManifest } from './manifest.ts';
export { mosConfiguration } from './mos.entity.ts';
export { checkMosEntries, checkWeightsTotal } from './mos-entry-rules.ts';

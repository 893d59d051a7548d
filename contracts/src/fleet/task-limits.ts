// Business constants of task suites (docs/product/rules.md#task-rules, limits.md#times). Times in milliseconds.

/** Layer 3 wait time, send time and TTL: at least this. */
export const layer3MinimumMs = 60_000;
/** A measurement lives at most 2 days. */
export const measurementTtlMaxMs = 172_800_000;
/** A task runs for at least this long. */
export const taskDurationMinimumMs = 10_000;
/** A shorter task interval is discouraged (a warning). */
export const taskIntervalAdvisedMs = 10_000;
/** Voice-polqa tasks repeating more often than this are discouraged (a warning). */
export const polqaCadenceAdvisedMs = 600_000;
/** Time Chrome needs to start before a web-browsing task can load its first page. */
export const chromeInitialisationMs = 15_000;
/** The video MOS is computed over samples of this length. */
export const videoMosSampleMs = 3_000;
/** A traceroute needs this long per hop, plus the fixed allowance below, within its TTL. */
export const tracerouteMsPerHop = 3_000;
export const tracerouteFixedMs = 5_000;
export const twampPacketSize = { min: 41, max: 1472 } as const;
export const maxPercentiles = 5;
export const defaultPercentiles = [50, 90];

/** A TCP ping's packet on the wire: its payload plus the TCP and IP headers (40 bytes). */
export const tcpPingHeaderBytes = 40;
export const tcpPingWireBytes = (packetSize: number) => packetSize + tcpPingHeaderBytes;

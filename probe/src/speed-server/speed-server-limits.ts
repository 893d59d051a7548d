/**
 * What one client can ask of the speed server, so that it cannot be used to exhaust it (or, for the UDP reflector, to
 * flood a third party whose address a sender forged).
 */
export interface SpeedServerLimits {
  /** The most bytes one download streams; a download that names no size stops there too. */
  maxDownloadBytes: number;
  /** The most bytes one upload may send; beyond, the server answers 413 and closes the connection. */
  maxUploadBytes: number;
  /** Downloads and uploads in progress at once; one more is answered 503. */
  maxConcurrentStreams: number;
  /** Of those, from one address (so that one client cannot take them all). */
  maxStreamsPerClient: number;
  /** A connection that moves nothing for this long is closed (a client that stops reading frees its transfer). */
  idleConnectionMs: number;
  /** Datagrams reflected per second, all senders together; beyond, they are dropped. */
  maxReflectedPacketsPerSecond: number;
  /**
   * The most one download or upload moves per second, in Mbps (0: as fast as it goes): a server shared by many
   * probes keeps each one's share, and a test can know the rate a transfer must measure.
   */
  maxMbpsPerStream: number;
}

export const defaultSpeedServerLimits: SpeedServerLimits = {
  maxDownloadBytes: 4 * 1024 ** 3,
  maxUploadBytes: 4 * 1024 ** 3,
  maxConcurrentStreams: 64,
  maxStreamsPerClient: 16,
  idleConnectionMs: 30_000,
  maxReflectedPacketsPerSecond: 20_000,
  maxMbpsPerStream: 0,
};

/** How long a transfer paced at `mbps` that has moved `bytes` since `startedAt` waits before it moves more (ms). */
export function paceDelayMs(mbps: number, bytes: number, startedAt: number, now = performance.now()) {
  if (mbps <= 0) return 0;
  return Math.max(0, startedAt + (bytes * 8) / (mbps * 1_000) - now);
}

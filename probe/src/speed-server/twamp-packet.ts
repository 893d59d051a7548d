// TWAMP-Test packets in unauthenticated mode (RFC 5357 §4.1.2, the session-sender's; §4.2.1, the session-reflector's),
// as TWAMP light uses them: no control session, the reflector answers whatever test packet reaches its port.

/** The UDP port TWAMP-Test reflectors listen on (RFC 8545). */
export const twampPort = 862;

/** Sequence number (4), timestamp (8), error estimate (2); the rest of a sender's packet is padding. */
export const senderHeaderBytes = 14;

/**
 * Sequence number (4), timestamp (8), error estimate (2), MBZ (2), receive timestamp (8), sender sequence number (4),
 * sender timestamp (8), sender error estimate (2), MBZ (2), sender TTL (1).
 */
export const reflectorHeaderBytes = 41;

const ntpEpochOffsetSeconds = 2_208_988_800;
const fractionsPerSecond = 2 ** 32;

/**
 * The error estimate of a clock that is not known to be synchronised: S = 0, Z = 0 (NTP format), scale 0, multiplier 1
 * (RFC 4656 §4.1.2: the multiplier is never 0).
 */
const unsynchronisedErrorEstimate = 0x0001;

/** Wall-clock time in ms since the Unix epoch, with the sub-millisecond part of the monotonic clock. */
export const wallClockMs = () => performance.timeOrigin + performance.now();

function writeNtpTimestamp(packet: Buffer, offset: number, epochMs: number) {
  const seconds = Math.floor(epochMs / 1000);
  packet.writeUInt32BE((seconds + ntpEpochOffsetSeconds) % fractionsPerSecond, offset);
  packet.writeUInt32BE(Math.floor(((epochMs - seconds * 1000) / 1000) * fractionsPerSecond), offset + 4);
}

function readNtpTimestamp(packet: Buffer, offset: number): number {
  const seconds = packet.readUInt32BE(offset) - ntpEpochOffsetSeconds;
  return seconds * 1000 + (packet.readUInt32BE(offset + 4) / fractionsPerSecond) * 1000;
}

/** A session-sender's packet of `size` bytes (at least its header), zero-padded. */
export function senderPacket(sequence: number, sentAtMs: number, size: number): Buffer {
  const packet = Buffer.alloc(Math.max(size, senderHeaderBytes));
  packet.writeUInt32BE(sequence >>> 0, 0);
  writeNtpTimestamp(packet, 4, sentAtMs);
  packet.writeUInt16BE(unsynchronisedErrorEstimate, 12);
  return packet;
}

/**
 * The reflector's answer to a sender's packet: as long as it (RFC 6038's symmetric size), but never shorter than the
 * reflector's header. The sender's TTL is not readable from a Node socket: it is left 0.
 */
export function reflectorPacket(
  request: Buffer,
  reflectorSequence: number,
  receivedAtMs: number,
  sentAtMs: number,
): Buffer {
  const packet = Buffer.alloc(Math.max(request.length, reflectorHeaderBytes));
  packet.writeUInt32BE(reflectorSequence >>> 0, 0);
  writeNtpTimestamp(packet, 4, sentAtMs);
  packet.writeUInt16BE(unsynchronisedErrorEstimate, 12);
  writeNtpTimestamp(packet, 16, receivedAtMs);
  request.copy(packet, 24, 0, senderHeaderBytes);
  return packet;
}

export interface ReflectedPacket {
  reflectorSequence: number;
  senderSequence: number;
  /** How long the reflector held the packet (its send time minus its receive time, on its own clock), ms. */
  holdMs: number;
}

/** A reflector's answer, or undefined for a datagram too short to be one. */
export function readReflectedPacket(packet: Buffer): ReflectedPacket | undefined {
  if (packet.length < reflectorHeaderBytes) return undefined;
  return {
    reflectorSequence: packet.readUInt32BE(0),
    senderSequence: packet.readUInt32BE(24),
    holdMs: Math.max(0, readNtpTimestamp(packet, 4) - readNtpTimestamp(packet, 16)),
  };
}

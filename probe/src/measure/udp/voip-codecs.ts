import type { voipCodecs } from '@nq/contracts';

export interface VoipCodecProfile {
  /** One RTP packet's voice payload (bytes) and how much speech it carries (ms). */
  payloadBytes: number;
  frameMs: number;
  /**
   * The E-model's equipment impairment factor Ie and packet-loss robustness Bpl (ITU-T G.113 Appendix I, narrowband
   * scale). G.113 gives none on that scale for the wideband codecs: they get G.711's (Ie 0, the narrowband best), an
   * assumption rather than a figure of the standard.
   */
  ie: number;
  bpl: number;
}

/** The RTP header each voice packet carries before its payload. */
export const rtpHeaderBytes = 12;

export const voipCodecProfiles: Record<(typeof voipCodecs)[number], VoipCodecProfile> = {
  // 64 kbit/s, with packet loss concealment.
  'G.711': { payloadBytes: 160, frameMs: 20, ie: 0, bpl: 25.1 },
  // 64 kbit/s wideband.
  'G.722': { payloadBytes: 160, frameMs: 20, ie: 0, bpl: 25.1 },
  // 8 kbit/s (G.729A).
  'G.729': { payloadBytes: 20, frameMs: 20, ie: 11, bpl: 19 },
  // 12.2 kbit/s mode, with its RTP payload header.
  AMR: { payloadBytes: 32, frameMs: 20, ie: 5, bpl: 10 },
  // 12.65 kbit/s mode, with its RTP payload header.
  'AMR-WB': { payloadBytes: 33, frameMs: 20, ie: 0, bpl: 25.1 },
  // 24 kbit/s, a common VoIP setting.
  OPUS: { payloadBytes: 60, frameMs: 20, ie: 0, bpl: 25.1 },
};

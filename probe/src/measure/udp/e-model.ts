// The ITU-T G.107 E-model, simplified as is usual for VoIP monitoring: default values for everything but delay, the
// codec and packet loss, so R = 93.2 − Id − Ie,eff (93.2 = R0 − Is at G.107's defaults, A = 0).

/**
 * Delay impairment Id for a one-way mouth-to-ear delay (ms): the widely used linear fit of G.107's Id for default
 * echo settings (Cole & Rosenbluth), 0.024·d, plus 0.11·(d − 177.3) beyond 177.3 ms.
 */
export function delayImpairment(oneWayMs: number): number {
  return 0.024 * oneWayMs + (oneWayMs > 177.3 ? 0.11 * (oneWayMs - 177.3) : 0);
}

/**
 * Effective equipment impairment Ie,eff (G.107 §7.2) for a packet loss of `lossPercent` % at random (BurstR = 1):
 * Ie + (95 − Ie) · Ppl / (Ppl + Bpl).
 */
export function effectiveEquipmentImpairment(ie: number, bpl: number, lossPercent: number): number {
  return ie + ((95 - ie) * lossPercent) / (lossPercent + bpl);
}

/** MOS (conversational quality, 1 to 4.5) from the rating factor R (G.107 Annex B). */
export function mosOfRating(r: number): number {
  if (r <= 0) return 1;
  if (r >= 100) return 4.5;
  return 1 + 0.035 * r + r * (r - 60) * (100 - r) * 7e-6;
}

export interface CallConditions {
  oneWayDelayMs: number;
  lossPercent: number;
  codec: { ie: number; bpl: number };
}

/** The MOS a call in these conditions would score. */
export function estimatedMos({ oneWayDelayMs, lossPercent, codec }: CallConditions): number {
  const r = 93.2 - delayImpairment(oneWayDelayMs) - effectiveEquipmentImpairment(codec.ie, codec.bpl, lossPercent);
  return mosOfRating(r);
}

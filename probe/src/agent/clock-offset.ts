/**
 * The probe's clock minus the platform's, estimated from the gateway's answers the way NTP filters its samples: each
 * exchange gives the offset at the middle of its round trip, with an error of at most half the round trip, so the
 * sample of the shortest round trip among the recent ones is the one kept.
 */
export function clockOffset(window = 8) {
  const samples: { offsetMs: number; roundTripMs: number }[] = [];
  let best: number | undefined;

  return {
    /** An exchange sent at `sentAt`, answered at `answeredAt` (this clock), the platform's clock at `serverTime`. */
    observe(sentAt: number, answeredAt: number, serverTime: number) {
      if (!Number.isFinite(serverTime) || answeredAt < sentAt) return;
      samples.push({ offsetMs: (sentAt + answeredAt) / 2 - serverTime, roundTripMs: answeredAt - sentAt });
      if (samples.length > window) samples.shift();
      best = samples.reduce((a, b) => (b.roundTripMs < a.roundTripMs ? b : a)).offsetMs;
    },
    /** The estimate in ms (0 until the first exchange). */
    get offsetMs() {
      return Math.round(best ?? 0);
    },
    /** The platform's time now, as this clock corrected estimates it. */
    platformNow: () => Date.now() - Math.round(best ?? 0),
  };
}

export type ClockOffset = ReturnType<typeof clockOffset>;

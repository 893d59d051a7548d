import { z } from 'zod';

/**
 * A place in the global event log: the committing transaction's id, then the event's sequence number. The log is
 * read in this order, which is commit order for every reader, so positions compare as pairs.
 */
export const logPositionSchema = z
  .string()
  .regex(/^\d+:\d+$/, 'a log position is "<transaction>:<sequence>"')
  .describe('Global log position "<transaction>:<sequence>"; compare with compareLogPositions');
export type LogPosition = z.infer<typeof logPositionSchema>;

export const logStart: LogPosition = '0:0';

export const logPosition = (transactionId: string | bigint, sequence: string | bigint): LogPosition =>
  `${transactionId}:${sequence}`;

const parts = (position: LogPosition) => position.split(':').map(BigInt) as [bigint, bigint];

export function compareLogPositions(a: LogPosition, b: LogPosition): -1 | 0 | 1 {
  const [ta, sa] = parts(a);
  const [tb, sb] = parts(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return 0;
}

export const splitLogPosition = (position: LogPosition) => {
  const [transactionId, sequence] = parts(position);
  return { transactionId: transactionId.toString(), sequence: sequence.toString() };
};

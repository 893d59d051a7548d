import { createHash } from 'node:crypto';

/**
 * Event ids derive from the command id and the event's index (a name-based UUID, RFC 9562 version 5 layout), so a
 * retried command produces the same ids and the store recognises it.
 */
export function eventIdFor(commandId: string, index: number): string {
  const hash = createHash('sha1').update(`nq-event:${commandId}:${index}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

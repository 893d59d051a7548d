import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Runtime } from '../k6/scenarios/scenario.ts';

/** The shared scenarios' runtime in Node: what k6/crypto gives them in k6, from node:crypto. */
export const nodeRuntime: Runtime = {
  now: () => Date.now(),
  random: () => Math.random(),
  uuid: () => randomUUID(),
  sha256Hex: (text) => createHash('sha256').update(text).digest('hex'),
  hmacSha256Base64url: (secret, text) => createHmac('sha256', secret).update(text).digest('base64url'),
};

import { readFileSync } from 'node:fs';

/** The agent's version, as its package declares it: in its status reports and in every result it measured. */
export const agentVersion: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

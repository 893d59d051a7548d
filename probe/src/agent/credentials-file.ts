import { readFile } from 'node:fs/promises';
import { type ProbeCredentials, probeCredentialsSchema } from '@nq/contracts';
import { z } from 'zod';
import { writeFileDurably } from './write-durably.ts';

/** What the probe keeps of its enrolment: who it is, where its gateway is and the credentials it signs with. */
export const enrolmentSchema = z.object({
  probeId: z.string().min(1),
  gatewayUrl: z.url(),
  credentials: probeCredentialsSchema.extend({ expiresAt: z.string().optional() }),
});
export type Enrolment = z.output<typeof enrolmentSchema>;
export type StoredCredentials = Enrolment['credentials'];

/** The enrolment kept in `path`, if any. */
export async function readEnrolment(path: string): Promise<Enrolment | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : enrolmentSchema.parse(JSON.parse(text));
}

/** Saves the enrolment whole or not at all: renewed credentials replace the old ones once they are safe on disk. */
export async function writeEnrolment(path: string, enrolment: Enrolment) {
  await writeFileDurably(path, JSON.stringify(enrolment, null, 2));
}

export type { ProbeCredentials };

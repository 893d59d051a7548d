import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// A download link carries what it downloads and for whom, signed with a key derived from SECRET_KEY: the GET that
// follows it needs no signed request (a browser navigates to it), and the link is useless after a few minutes.

export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

const claimsSchema = z.object({
  ids: z.array(z.string()).min(1),
  userId: z.string(),
  profileId: z.string(),
  /** Expiry, in ms since the epoch. */
  exp: z.number().int(),
});
export type DownloadClaims = z.output<typeof claimsSchema>;

const keyOf = (secretKey: string) => createHmac('sha256', secretKey).update('files:download-link:v1').digest();
const signatureOf = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function downloadLinks(secretKey: string, ttlMs = DOWNLOAD_LINK_TTL_MS) {
  const key = keyOf(secretKey);
  return {
    ttlMs,
    sign(claims: Omit<DownloadClaims, 'exp'>, now = new Date()) {
      const exp = now.getTime() + ttlMs;
      const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
      return { token: `${body}.${signatureOf(key, body)}`, expiresAt: new Date(exp) };
    },
    /** The claims of a genuine link, 'expired' past its expiry, 'invalid' for anything else. */
    verify(token: string, now = new Date()): DownloadClaims | 'expired' | 'invalid' {
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length) return 'invalid';
      const expected = Buffer.from(signatureOf(key, body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      let claims: DownloadClaims;
      try {
        claims = claimsSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      } catch {
        return 'invalid';
      }
      return claims.exp <= now.getTime() ? 'expired' : claims;
    },
  };
}

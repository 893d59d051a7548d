import { z } from 'zod';
import { technologyCodes } from '../configuration/common.ts';
import { languages } from '../errors/index.ts';

/**
 * E-mail required and valid, password required (the codes the login form shows;
 * docs/product/rules.md#login-and-password).
 */
export const loginBodySchema = z.object({
  email: z
    .string({ error: 'login.emailRequired' })
    .trim()
    .min(1, 'login.emailRequired')
    .toLowerCase()
    .pipe(z.email({ error: 'login.emailInvalid' })),
  password: z.string({ error: 'login.passwordRequired' }).min(1, 'login.passwordRequired').max(1024),
  /** The solved challenge, once the server has asked for a security verification. */
  verification: z.string().max(4096).optional(),
});

export const passwordResetBodySchema = z.object({ email: loginBodySchema.shape.email });

/**
 * Change password (docs/product/rules.md#login-and-password): new and repeat equal, different from the current, the
 * current correct.
 */
export const passwordChangeBodySchema = z.object({
  currentPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024),
  newPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024),
  repeatPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024),
});

/** The caller's own interface language, applied at each login (the console's language switch saves it). */
export const languageChoiceSchema = z.object({
  language: z.enum(languages, { error: 'validation.invalidOption' }),
});

/** Completing a reset or an invitation: the one-time token from the e-mailed link and the new password twice. */
export const passwordSetBodySchema = z.object({
  token: z.string().min(16).max(256),
  newPassword: passwordChangeBodySchema.shape.newPassword,
  repeatPassword: passwordChangeBodySchema.shape.repeatPassword,
});

/**
 * Stored session (docs/product/entities.md#stored-session): what the console keeps after login and signs every request
 * with.
 */
export const storedSessionSchema = z.object({
  data: z.object({
    appId: z.string(),
    /** The session's key: logout and profile changes name it. */
    key: z.string(),
    email: z.string(),
    id_user: z.string(),
    name: z.string(),
    /** Signing credentials of this session. */
    clientId: z.string(),
    clientSecret: z.string(),
  }),
  profile: z.looseObject({ id: z.string(), name: z.string() }),
  technologies: z.array(z.literal(technologyCodes)),
  preferedLanguage: z.enum(languages),
  /** Where the console goes after login (docs/product/screens.md#access-and-navigation). */
  landing: z.string(),
  expiresAt: z.iso.datetime(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

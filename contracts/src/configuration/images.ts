import { z } from 'zod';
import type { HttpErrorCode } from '../errors/index.ts';

// Images (docs/product/rules.md#images): a cluster image (at most 1 MB) or a universe logo (at most 500 KB), png, jpg
// or jpeg, sent as a data URL (`data:image/png;base64,…`). The size limit applies to the decoded image, not to the
// base64 text.

export const kilobyte = 1024;
export const megabyte = 1024 * kilobyte;

export interface ImageRule {
  /** The largest decoded image accepted, in bytes. */
  maxBytes: number;
  /** The catalogue code a larger image gets (e.g. `clusters.imageTooLarge`). */
  tooLarge: HttpErrorCode;
}

const dataUrlPattern = /^data:image\/([a-z]+);base64,([A-Za-z0-9+/]*={0,2})$/;
const signatures: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
  jpg: [0xff, 0xd8, 0xff],
};

/** Bytes the base64 text decodes to. */
export const decodedSize = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** The rule a data URL breaks, or undefined: not a base64 data URL, not png/jpeg (by type and content), too large. */
export function imageProblem(dataUrl: string, rule: ImageRule): HttpErrorCode | undefined {
  const match = dataUrlPattern.exec(dataUrl);
  if (!match) return dataUrl.startsWith('data:') ? 'images.invalidType' : 'validation.invalidFormat';
  const [, type = '', base64 = ''] = match;
  const signature = signatures[type];
  if (!signature || base64.length % 4 !== 0) return signature ? 'validation.invalidFormat' : 'images.invalidType';
  const head = atob(base64.slice(0, 12));
  if (signature.some((byte, i) => head.charCodeAt(i) !== byte)) return 'images.invalidType';
  return decodedSize(base64) > rule.maxBytes ? rule.tooLarge : undefined;
}

/** An image field: a png or jpeg data URL no larger than `maxBytes` once decoded. */
export const imageDataUrlSchema = (rule: ImageRule) =>
  z
    .string({ error: 'validation.invalidFormat' })
    .trim()
    .superRefine((dataUrl, context) => {
      const problem = imageProblem(dataUrl, rule);
      if (problem) context.addIssue({ code: 'custom', message: problem, params: { maxBytes: rule.maxBytes } });
    })
    .describe(`A data URL (data:image/png;base64,… or image/jpeg), at most ${rule.maxBytes} bytes once decoded`);

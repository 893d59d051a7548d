import { describe, expect, it } from 'vitest';
import { decodedSize, imageDataUrlSchema, imageProblem, kilobyte } from './images.ts';

const png = (bytes: number) => {
  const head = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0));
  return `data:image/png;base64,${head}${'A'.repeat(((bytes - 12) / 3) * 4)}`;
};
const jpeg = `data:image/jpeg;base64,${btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 0, 0))}`;
const rule = { maxBytes: 3 * kilobyte, tooLarge: 'universes.logoTooLarge' } as const;

describe('images', () => {
  it('measures the decoded size of base64 text', () => {
    expect(decodedSize(btoa('abcd'))).toBe(4);
    expect(decodedSize(btoa('abcde'))).toBe(5);
    expect(decodedSize(btoa('abc'))).toBe(3);
  });

  it('accepts png and jpeg data URLs up to the size given', () => {
    expect(imageProblem(png(3 * kilobyte), rule)).toBeUndefined();
    expect(imageProblem(jpeg, rule)).toBeUndefined();
    expect(imageProblem(jpeg.replace('image/jpeg', 'image/jpg'), rule)).toBeUndefined();
  });

  it('refuses a larger image with the code given', () => {
    expect(imageProblem(png(3 * kilobyte + 3), rule)).toBe('universes.logoTooLarge');
  });

  it('refuses other types, by the declared type or by the content', () => {
    expect(imageProblem(`data:image/gif;base64,${btoa('GIF89a')}`, rule)).toBe('images.invalidType');
    expect(imageProblem(`data:image/png;base64,${btoa('GIF89a')}`, rule)).toBe('images.invalidType');
    expect(imageProblem('data:text/plain;base64,aGVsbG8=', rule)).toBe('images.invalidType');
  });

  it('refuses what is not a base64 data URL', () => {
    expect(imageProblem('https://example.com/logo.png', rule)).toBe('validation.invalidFormat');
    expect(imageProblem('data:image/png;base64,iVBORw0', rule)).toBe('validation.invalidFormat');
  });

  it('reports the problem as the zod issue message', () => {
    const schema = imageDataUrlSchema(rule);
    expect(schema.parse(jpeg)).toBe(jpeg);
    expect(schema.safeParse(png(4 * kilobyte - 1)).error?.issues[0]?.message).toBe('universes.logoTooLarge');
  });
});

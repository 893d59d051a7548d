import { gzipSync } from 'node:zlib';
import { DomainError, MAX_IMPORT_BYTES } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { textOf } from './import-file.ts';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { code, params } = error as DomainError;
    return { code, params };
  }
  throw new Error('not refused');
};

describe('the text an import reads', () => {
  it('is the file read gzip-compressed or not', () => {
    expect(textOf(gzipSync('[{"a":1}]'))).toBe('[{"a":1}]');
    expect(textOf(Buffer.from('{"b":2}'))).toBe('{"b":2}');
  });

  it('is refused past 8 MB, however the compression hides it', () => {
    const bomb = gzipSync(Buffer.alloc(MAX_IMPORT_BYTES + 1, 32));
    expect(refusal(() => textOf(bomb))).toEqual({ code: 'resultImports.tooLarge', params: { limit: 8 } });
  });
});

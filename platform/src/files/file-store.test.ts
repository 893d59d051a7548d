import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidFileName, openLocalFileStore } from './file-store.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'nq-files-'));

describe('the local file store', () => {
  it('shows nothing under the name while the file is written, and the whole file once committed', async () => {
    const dir = freshDir();
    const store = await openLocalFileStore(dir);
    const write = store.write('report.csv');
    write.stream.write('a,b\n');
    write.stream.write('1,2\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.size('report.csv')).toBeUndefined();
    expect(readdirSync(dir)).not.toContain('report.csv');

    expect(await write.commit()).toEqual({ size: 8 });
    expect(await store.size('report.csv')).toBe(8);
    expect(readFileSync(join(dir, 'report.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(readdirSync(dir)).toEqual(['report.csv']);
  });

  it('leaves no trace of an aborted write', async () => {
    const dir = freshDir();
    const store = await openLocalFileStore(dir);
    const write = store.write('broken.csv');
    write.stream.write('half a row');
    await write.abort();
    expect(readdirSync(dir)).toEqual([]);
    expect(await store.size('broken.csv')).toBeUndefined();
  });

  it('reads and deletes a committed file', async () => {
    const store = await openLocalFileStore(freshDir());
    const write = store.write('a.csv');
    write.stream.end('x\n');
    await write.commit();
    const chunks: Buffer[] = [];
    for await (const chunk of store.open('a.csv')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('x\n');
    await store.delete('a.csv');
    expect(await store.size('a.csv')).toBeUndefined();
  });

  it('lists the committed files, sorted, never one still being written', async () => {
    const store = await openLocalFileStore(freshDir());
    for (const name of ['b.pdf', 'a.csv']) {
      const write = store.write(name);
      write.stream.end(name);
      await write.commit();
    }
    const writing = store.write('c.csv');
    writing.stream.write('half');
    expect(await store.list()).toEqual(['a.csv', 'b.pdf']);
    await writing.abort();
  });

  it('sweeps temporary files a dead writer left, never committed ones', async () => {
    const dir = freshDir();
    const store = await openLocalFileStore(dir);
    const left = store.write('left.csv');
    left.stream.write('partial');
    const done = store.write('done.csv');
    done.stream.end('ok');
    await done.commit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.sweepTemporary(0)).toBe(1);
    expect(readdirSync(dir)).toEqual(['done.csv']);
    left.stream.destroy();
  });

  it('refuses names that could leave its folder', async () => {
    const store = await openLocalFileStore(freshDir());
    expect(() => store.write('../escape.csv')).toThrow(InvalidFileName);
    expect(() => store.open('sub/dir.csv')).toThrow(InvalidFileName);
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const infra = join(root, 'deploy/infra/infra.sh');
const version = /ELASTICSEARCH_VERSION=(\S+)/.exec(readFileSync(join(root, 'deploy/infra/versions.env'), 'utf8'))![1]!;
const serviceUser = 'nqsvc';
const asRoot = process.getuid?.() === 0;
const folders: string[] = [];

/** A clone's infra cache holding an unpacked Elasticsearch (a stand-in: only its start script), under `parent`. */
function cacheIn(parent: string) {
  const cache = join(parent, 'clone/.cache/infra');
  const home = join(cache, `elasticsearch-${version}`);
  mkdirSync(join(home, 'bin'), { recursive: true });
  mkdirSync(join(home, 'config'), { recursive: true });
  writeFileSync(join(home, 'bin/elasticsearch'), '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(join(home, '.complete'), '');
  return { cache, home };
}

const folder = (mode: number) => {
  const path = mkdtempSync(join(tmpdir(), 'nq-infra-'));
  chmodSync(path, mode);
  folders.push(path);
  return path;
};

/** Where infra.sh would run Elasticsearch from, for a clone whose cache is `cache`. */
const placeOf = (cache: string, place: string) =>
  execFileSync('bash', [infra, 'es-place'], {
    env: { ...process.env, NQ_INFRA_CACHE: cache, NQ_ES_PLACE: place },
    encoding: 'utf8',
  }).trim();

const serviceUserReads = (path: string) =>
  spawnSync('runuser', ['-u', serviceUser, '--', 'test', '-r', path]).status === 0;

describe('local infrastructure from any folder', () => {
  afterAll(() => {
    for (const path of folders) rmSync(path, { recursive: true, force: true });
  });

  it('runs Elasticsearch from the clone when the service user can read it', () => {
    const { cache, home } = cacheIn(folder(0o755));
    expect(placeOf(cache, join(folder(0o755), 'place'))).toBe(home);
  });

  it('runs Elasticsearch from a folder the service user reads when the clone is in a private folder', () => {
    const { cache, home } = cacheIn(folder(0o700));
    const place = join(folder(0o755), 'place');
    const used = placeOf(cache, place);
    if (!asRoot) {
      // Not root: Elasticsearch runs as the current user, who reads its own private folder.
      expect(used).toBe(home);
      return;
    }
    expect(serviceUserReads(join(home, 'bin/elasticsearch'))).toBe(false);
    expect(used).toBe(join(place, `elasticsearch-${version}`));
    expect(serviceUserReads(join(used, 'bin/elasticsearch'))).toBe(true);
    // A second start reuses the copy.
    expect(placeOf(cache, place)).toBe(used);
  });
});

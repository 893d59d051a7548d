import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The unprivileged account a server runs as when the tests run as root. */
export interface ServiceUser {
  name: string;
  uid: number;
  gid: number;
}

const name = process.env.NQ_SERVICE_USER ?? 'nqsvc'; // the variable and default infra.sh uses
let known: ServiceUser | undefined;

const idOf = (flag: '-u' | '-g') =>
  Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());

function exists() {
  try {
    idOf('-u');
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL and Elasticsearch refuse to run as root: as root they run as infra.sh's service user, created here as
 * infra.sh creates it when missing. Undefined when we are not root: the servers then run as we do.
 */
export function serviceUser(): ServiceUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (known) return known;
  if (!exists()) {
    try {
      execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
        stdio: 'pipe',
      });
    } catch (error) {
      // Another process (a parallel test, infra.sh) may have created it meanwhile; otherwise report useradd's failure.
      if (!exists()) throw error;
    }
  }
  known = { name, uid: idOf('-u'), gid: idOf('-g') };
  return known;
}

/** Whether `user` can create files in `dir`: only true if every folder above it is searchable by that user too. */
const reachable = (dir: string, user: ServiceUser) =>
  spawnSync('test', ['-w', dir, '-a', '-x', dir], { uid: user.uid, gid: user.gid, cwd: '/' }).status === 0;

/**
 * A new empty folder of a server's own, owned by `user` when given. It is made under the temporary folder, unless
 * the user cannot reach that (a TMPDIR inside a home folder of mode 0700, as a clone may be): then under
 * /var/lib/<user>, the folder infra.sh gives it. Never under the repository, which may be out of its reach too.
 */
export function serverDirectory(prefix: string, user: ServiceUser | undefined) {
  if (!user) return mkdtempSync(join(tmpdir(), prefix));
  for (const base of [tmpdir(), `/var/lib/${user.name}`]) {
    mkdirSync(base, { recursive: true, mode: 0o755 });
    const dir = mkdtempSync(join(base, prefix));
    chownSync(dir, user.uid, user.gid);
    if (reachable(dir, user)) return dir;
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error(
    `no folder that ${user.name} can write in, neither under ${tmpdir()} nor under /var/lib/${user.name}`,
  );
}

import { readdirSync, readFileSync } from 'node:fs';

/** State letter and parent of a process, from /proc (Linux); undefined once it is gone. */
function processStatus(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number) {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => processStatus(candidate)?.ppid === pid);
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false; // gone already
  }
}

/**
 * SIGKILLs a process and every process under it, as a crash of the whole server would: a process group would not
 * reach them all, since PostgreSQL's backends each call setsid(), and Elasticsearch's server JVM is a child of its
 * CLI launcher. Each process is frozen (SIGSTOP) before its children are listed, so none can fork one that the
 * listing misses (a fork with a signal pending is abandoned by the kernel). Synchronous, so that an 'exit' handler
 * can use it. Returns the processes killed, for `allGone`.
 */
export function killTree(rootPid: number) {
  const frozen: number[] = [];
  const pending = [rootPid];
  for (let pid = pending.shift(); pid !== undefined; pid = pending.shift()) {
    if (!signal(pid, 'SIGSTOP')) continue;
    frozen.push(pid);
    pending.push(...childrenOf(pid));
  }
  for (const pid of frozen) signal(pid, 'SIGKILL');
  return frozen;
}

/**
 * Whether all these processes have exited. Orphans are reparented to PID 1, which may never reap them: a zombie
 * counts as gone, as it has already let go of its memory, shared memory and ports.
 */
export function allGone(pids: number[]) {
  return pids.every((pid) => {
    const state = processStatus(pid)?.state;
    return state === undefined || state === 'Z' || state === 'X';
  });
}

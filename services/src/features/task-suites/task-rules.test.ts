import { DomainError, type HttpErrorCode, type Task, type TaskType } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { checkTasks, taskProblem } from './task-rules.ts';
import { storedTask } from './task-suite.fixtures.ts';

/** Given these tasks, when the suite is checked, then it is refused with this code at this field (or accepted). */
const given = (...tasks: Task[]) => ({
  thenRefused(code: HttpErrorCode, details: Record<string, unknown>) {
    let thrown: unknown;
    try {
      checkTasks(tasks);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, `expected ${code}`).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe(code);
    expect((thrown as DomainError).details).toEqual(details);
  },
  thenAccepted: () => expect(() => checkTasks(tasks)).not.toThrow(),
});
const task = (type: TaskType, changes: Record<string, unknown> = {}) => storedTask(type, changes);

describe('task rules', () => {
  it('accepts a valid task of every type', () => {
    for (const type of ['http-download', 'ftp-upload', 'traceroute', 'dns', 'gaming', 'messaging'] as const)
      expect(taskProblem(task(type))).toBeUndefined();
  });

  describe('the task timeout', () => {
    it('must exceed the connect plus the transfer time', () => {
      given(task('http-download', { connectTimeout: 5_000, transferTimeout: 25_000, timeout: 30_000 })).thenRefused(
        'taskSuites.timeoutTooShort',
        { field: 'tasks.0.timeout', timeout: 30_000, least: 30_000 },
      );
      given(task('http-download', { connectTimeout: 5_000, transferTimeout: 25_000, timeout: 30_001 })).thenAccepted();
    });

    it('must exceed the task duration', () => {
      given(task('youtube', { duration: 60_000, timeout: 60_000 })).thenRefused('taskSuites.timeoutTooShort', {
        field: 'tasks.0.timeout',
        timeout: 60_000,
        least: 60_000,
      });
      given(task('http-upload', { duration: 40_000, timeout: 30_000 })).thenRefused('taskSuites.timeoutTooShort', {
        field: 'tasks.0.timeout',
        timeout: 30_000,
        least: 40_000,
      });
      given(task('icmp-ping', { timeout: 1 })).thenAccepted();
    });

    it('of FTP must be at least the transfer time plus the IP and FTP establishment timeouts', () => {
      const ftp = { transferTimeout: 30_000, ipEstablishmentTimeout: 4_000, ftpEstablishmentTimeout: 6_000 };
      given(task('ftp-download', { ...ftp, timeout: 39_999 })).thenRefused('taskSuites.ftpTimeoutTooShort', {
        field: 'tasks.0.timeout',
        timeout: 39_999,
        least: 40_000,
      });
      given(task('ftp-upload', { ...ftp, timeout: 40_000 })).thenAccepted();
    });
  });

  it('keeps the FTP burst delay zero or a multiple of the interval', () => {
    given(task('ftp-download', { interval: 60_000, burstDelay: 90_000 })).thenRefused(
      'taskSuites.ftpBurstDelayInvalid',
      { field: 'tasks.0.burstDelay', burstDelay: 90_000, interval: 60_000 },
    );
    given(task('ftp-download', { interval: 60_000, burstDelay: 0 })).thenAccepted();
    given(task('ftp-upload', { interval: 60_000, burstDelay: 180_000 })).thenAccepted();
  });

  it('needs max threads equal to or higher than the initial threads', () => {
    given(task('http-upload', { threads: { initial: 4, max: 3 } })).thenRefused('taskSuites.maxThreadsBelowInitial', {
      field: 'tasks.0.threads.max',
    });
    given(task('ftp-download', { threads: { initial: 3, max: 2 } })).thenRefused('taskSuites.maxThreadsBelowInitial', {
      field: 'tasks.0.threads.max',
    });
    given(task('http-download', { threads: { initial: 4, max: 4 } })).thenAccepted();
  });

  it('needs a traceroute TTL over hops × 3000 plus 5000 ms', () => {
    given(task('traceroute', { hops: 30, ttl: 95_000 })).thenRefused('taskSuites.tracerouteTtlTooShort', {
      field: 'tasks.0.ttl',
      ttl: 95_000,
      least: 95_000,
    });
    given(task('traceroute', { hops: 30, ttl: 95_001 })).thenAccepted();
  });

  it('needs at least one server in the servers fields', () => {
    for (const type of ['icmp-ping', 'tcp-ping', 'twamp', 'gaming', 'http-upload'] as const)
      given(task(type, { servers: [] })).thenRefused('taskSuites.serversRequired', { field: 'tasks.0.servers' });
    given(task('dns', { servers: [] })).thenRefused('taskSuites.serversRequired', { field: 'tasks.0.servers' });
  });

  it('needs no servers where another target is given: an HTTP URL, or the probe’s own DNS resolver', () => {
    given(task('http-download', { servers: [] })).thenAccepted();
    given(task('dns', { recordType: 'A', resolver: 'probe', servers: [] })).thenAccepted();
  });

  it('allows the ANY DNS type only with external DNS', () => {
    given(task('dns', { recordType: 'ANY', resolver: 'probe', servers: [] })).thenRefused(
      'taskSuites.anyDnsRequiresExternal',
      { field: 'tasks.0.recordType' },
    );
    given(task('dns', { recordType: 'ANY', resolver: 'external' })).thenAccepted();
  });

  it('refuses two voice-polqa tasks one after the other', () => {
    const polqa = (id: string) => task('voice-polqa', { id });
    given(task('voip'), polqa('p1'), polqa('p2')).thenRefused('taskSuites.consecutivePolqa', { field: 'tasks.2.type' });
    given(polqa('p1'), task('voip'), polqa('p2')).thenAccepted();
  });

  it('refuses two tasks with the same id', () =>
    given(task('icmp-ping', { id: 'a' }), task('tcp-ping', { id: 'b' }), task('dns', { id: 'a' })).thenRefused(
      'taskSuites.taskIdDuplicate',
      { field: 'tasks.2.id' },
    ));

  it('names the task of the suite that breaks a rule', () =>
    given(task('icmp-ping'), task('gaming', { servers: [] })).thenRefused('taskSuites.serversRequired', {
      field: 'tasks.1.servers',
    }));
});

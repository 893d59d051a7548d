import { type HttpErrorCode, probeFamilies, type TaskType, taskSuiteFieldsSchema, taskTypes } from '@nq/contracts';
import {
  type EntityEvent,
  emptyEntity,
  entityConstraints,
  entityWarnings,
  evolveEntity,
} from '@nq/platform/entities/entity-decider';
import { entitySpecification } from '@nq/platform/entities/entity-specification';
import { describe, expect, it } from 'vitest';
import { taskSuiteEntity } from './task-suite.entity.ts';
import { storedTask, taskBody, validSuite } from './task-suite.fixtures.ts';

const spec = entitySpecification(taskSuiteEntity);
const create = (changes: Record<string, unknown> = {}) => ({
  type: 'create' as const,
  id: 's1',
  fields: validSuite(changes),
});
/** A suite whose only task is this one. */
const withTask = (type: TaskType, changes: Record<string, unknown>) => create({ tasks: [taskBody(type, changes)] });
const accepted: Partial<EntityEvent>[] = [{ type: 'TaskSuiteCreated' }];
const refused = (command: ReturnType<typeof create>, code: HttpErrorCode, field: string) =>
  spec
    .given([])
    .when(command)
    .thenFails(code, { fields: [{ field, code }] });

const minimal = { name: 'Minimal', family: 'Agent' };
/** A suite as stored: every default filled in. */
const stored = (changes: Record<string, unknown> = {}) => taskSuiteFieldsSchema.parse({ ...minimal, ...changes });
const createdWith = (changes: Record<string, unknown> = {}): EntityEvent => ({
  type: 'TaskSuiteCreated',
  data: { id: 's1', fields: stored(changes), owner: 'profile-1' },
});
const createdMinimal = createdWith();
const withPing = createdWith({ tasks: [taskBody('icmp-ping')] });
const update = (changes: Record<string, unknown>, options?: Record<string, unknown>) => ({
  type: 'update' as const,
  id: 's1',
  changes,
  ...(options ? { options } : {}),
});

describe('task suite', () => {
  it('is created with a name and a probe family; backend info, tasks and task rules have defaults', () =>
    spec
      .given([])
      .when({ type: 'create', id: 's1', fields: minimal })
      .then([
        {
          type: 'TaskSuiteCreated',
          data: {
            id: 's1',
            owner: 'profile-1',
            fields: {
              ...minimal,
              backendInfo: {},
              tasks: [],
              taskRules: {
                executionMode: 'sync',
                needGps: false,
                randomizeTasks: false,
                checkConnection: false,
                showPassiveTests: false,
                radioParamsCollect: false,
                scheduling: {
                  start: { weekday: 1, hour: 0, minute: 0 },
                  end: { weekday: 7, hour: 23, minute: 59 },
                  passiveLimits: {},
                },
                speedRequirements: {},
              },
            },
          },
        },
      ]));

  it('holds a task of every type of the catalogue, with its typed arguments', () => {
    spec.given([]).when(create()).thenMatches(accepted);
    expect(taskTypes).toHaveLength(16);
    expect(taskTypes).toEqual(expect.arrayContaining(['http-download', 'ftp-upload', 'voice-polqa', 'messaging']));
  });

  it('fills the defaults of a task (percentiles 50 and 90, no ramp-up, no multitask)', () =>
    expect(storedTask('http-download')).toMatchObject({ percentiles: [50, 90], rampUp: 0, multitask: 'none' }));

  it('accepts every probe family and refuses others', () => {
    for (const family of probeFamilies) spec.given([]).when(create({ family })).thenMatches(accepted);
    refused(create({ family: 'Raspberry' }), 'validation.invalidOption', 'family');
  });

  it('refuses a task of an unknown type', () =>
    refused(create({ tasks: [{ ...taskBody('dns'), type: 'smtp' }] }), 'validation.invalidOption', 'tasks.0.type'));

  it.each<[string, TaskType, Record<string, unknown>, HttpErrorCode, string]>([
    [
      'layer 3 times under 60000 ms',
      'twamp',
      { layer3: { waitTime: 60_000, sendTime: 59_999, ttl: 60_000 } },
      'taskSuites.layer3TimeTooShort',
      'layer3.sendTime',
    ],
    ['a task duration under 10000 ms', 'youtube', { duration: 9_999 }, 'taskSuites.taskDurationTooShort', 'duration'],
    ['a TWAMP packet size under 41', 'twamp', { packetSize: 40 }, 'taskSuites.twampPacketSizeOutOfRange', 'packetSize'],
    [
      'a TWAMP packet size over 1472',
      'twamp',
      { packetSize: 1473 },
      'taskSuites.twampPacketSizeOutOfRange',
      'packetSize',
    ],
    [
      'a percentile over 100',
      'http-download',
      { percentiles: [50, 100.5] },
      'taskSuites.percentileOutOfRange',
      'percentiles.1',
    ],
    ['a negative percentile', 'icmp-ping', { percentiles: [-1] }, 'taskSuites.percentileOutOfRange', 'percentiles.0'],
    [
      'more than 5 percentiles',
      'http-upload',
      { percentiles: [10, 25, 50, 75, 90, 99] },
      'taskSuites.tooManyPercentiles',
      'percentiles',
    ],
    [
      'an error threshold over 1',
      'http-download',
      { errorThreshold: 1.5 },
      'taskSuites.errorThresholdInvalid',
      'errorThreshold',
    ],
    [
      'an error threshold with 4 decimals',
      'http-download',
      { errorThreshold: 0.0005 },
      'taskSuites.errorThresholdInvalid',
      'errorThreshold',
    ],
    ['a ramp-up over 1', 'http-upload', { rampUp: 1.2 }, 'taskSuites.rampUpOutOfRange', 'rampUp'],
    [
      'no download thread',
      'http-download',
      { threads: { initial: 0, max: 4 } },
      'taskSuites.threadsTooFew',
      'threads.initial',
    ],
    [
      'an FTP URL that is not ftp',
      'ftp-download',
      { url: 'https://ftp.example.com/file' },
      'validation.invalidFormat',
      'url',
    ],
    ['a video quality outside the list', 'video', { quality: 'hd4320' }, 'validation.invalidOption', 'quality'],
  ])('refuses %s', (_, type, changes, code, field) => refused(withTask(type, changes), code, `tasks.0.${field}`));

  it('accepts the edges of the argument limits', () => {
    for (const [type, changes] of [
      ['twamp', { packetSize: 1472 }],
      ['http-download', { percentiles: [0, 100], errorThreshold: 0.001, rampUp: 1 }],
      ['http-download', { percentiles: [], errorThreshold: 0 }],
      ['youtube', { duration: 10_000, quality: 'tiny' }],
    ] as const)
      spec.given([]).when(withTask(type, changes)).thenMatches(accepted);
  });

  it('refuses a measurement TTL over 2 days', () =>
    refused(
      create({ taskRules: { scheduling: { measurementTtl: 172_800_001 } } }),
      'taskSuites.measurementTtlTooLong',
      'taskRules.scheduling.measurementTtl',
    ));

  it('schedules within weekdays 1 to 7, hours 0 to 23 and minutes 0 to 59', () => {
    const at = (start: Record<string, number>) => create({ taskRules: { scheduling: { start } } });
    refused(at({ weekday: 0, hour: 0, minute: 0 }), 'validation.outOfRange', 'taskRules.scheduling.start.weekday');
    refused(at({ weekday: 8, hour: 0, minute: 0 }), 'validation.outOfRange', 'taskRules.scheduling.start.weekday');
    refused(at({ weekday: 1, hour: 24, minute: 0 }), 'validation.outOfRange', 'taskRules.scheduling.start.hour');
    refused(at({ weekday: 1, hour: 0, minute: 60 }), 'validation.outOfRange', 'taskRules.scheduling.start.minute');
    spec
      .given([])
      .when(at({ weekday: 7, hour: 23, minute: 59 }))
      .thenMatches(accepted);
  });

  it('refuses an execution mode other than async, sync or alternate', () =>
    refused(
      create({ taskRules: { executionMode: 'parallel' } }),
      'validation.invalidOption',
      'taskRules.executionMode',
    ));

  it('needs an interval for the Interval and Timer report modes', () => {
    for (const mode of ['Interval', 'Timer'])
      refused(
        create({ backendInfo: { resultReport: { mode } } }),
        'validation.required',
        'backendInfo.resultReport.interval',
      );
    for (const mode of ['Alternate', 'Immediately', 'No report', 'Task Suite'])
      spec
        .given([])
        .when(create({ backendInfo: { statusReport: { mode } } }))
        .thenMatches(accepted);
    refused(
      create({ backendInfo: { statusReport: { mode: 'Weekly' } } }),
      'validation.invalidOption',
      'backendInfo.statusReport.mode',
    );
  });

  it('applies the rules across fields of its tasks', () =>
    spec
      .given([])
      .when(withTask('traceroute', { hops: 10, ttl: 35_000 }))
      .thenFails('taskSuites.tracerouteTtlTooShort', { field: 'tasks.0.ttl', least: 35_000 }));

  it('warns about discouraged values without refusing them', () => {
    const after = (changes: Record<string, unknown>) =>
      evolveEntity(emptyEntity, createdWith({ tasks: [taskBody('icmp-ping', changes)] }));
    const command = create();
    expect(entityWarnings(taskSuiteEntity, command, emptyEntity, after({ interval: 9_999 }))).toEqual([
      { code: 'taskSuites.shortTaskInterval', params: { task: 'icmp-ping task', field: 'tasks.0.interval' } },
    ]);
    expect(entityWarnings(taskSuiteEntity, command, emptyEntity, after({ interval: 10_000 }))).toEqual([]);
    spec
      .given([])
      .when(withTask('icmp-ping', { interval: 1_000 }))
      .thenMatches(accepted);
  });

  describe('changing its probe family', () => {
    it('needs a confirmation when the suite has tasks, and changes nothing without one', () => {
      spec
        .given([withPing])
        .when(update({ family: 'Picoprobe' }))
        .thenFails('taskSuites.familyChangeNeedsConfirmation', {
          field: 'family',
          from: 'Agent',
          to: 'Picoprobe',
          tasks: 1,
        });
      spec
        .given([withPing])
        .when(update({ family: 'Picoprobe' }, { confirmFamilyChange: false }))
        .thenFails('taskSuites.familyChangeNeedsConfirmation');
    });

    it('erases the tasks once confirmed', () =>
      spec
        .given([withPing])
        .when(update({ family: 'Picoprobe' }, { confirmFamilyChange: true }))
        .then([{ type: 'TaskSuiteUpdated', data: { changes: { family: 'Picoprobe', tasks: [] } } }]));

    it('keeps the tasks sent with the confirmed change', () =>
      spec
        .given([withPing])
        .when(update({ family: 'Picoprobe', tasks: [taskBody('dns')] }, { confirmFamilyChange: true }))
        .then([{ type: 'TaskSuiteUpdated', data: { changes: { family: 'Picoprobe', tasks: [storedTask('dns')] } } }]));

    it('needs no confirmation without tasks, or when the family stays', () => {
      spec
        .given([createdMinimal])
        .when(update({ family: 'Cube' }))
        .then([{ type: 'TaskSuiteUpdated', data: { changes: { family: 'Cube' } } }]);
      spec
        .given([withPing])
        .when(update({ family: 'Agent', name: 'Renamed' }))
        .then([{ type: 'TaskSuiteUpdated', data: { changes: { name: 'Renamed' } } }]);
    });

    it('refuses a confirmation that is not a boolean', () =>
      spec
        .given([withPing])
        .when(update({ family: 'Cube' }, { confirmFamilyChange: 'yes' }))
        .thenFails('request.invalid', { fields: [{ field: 'confirmFamilyChange' }] }));
  });

  it('claims its lower-cased name and can be cloned', () => {
    expect(entityConstraints(taskSuiteEntity, emptyEntity, [createdMinimal])).toMatchObject({
      claim: [{ scope: 'task-suite-name', value: 'minimal', conflict: 'taskSuites.nameExists' }],
    });
    const source = evolveEntity(emptyEntity, withPing);
    spec
      .given([])
      .when({ type: 'clone', id: 's2', source, overrides: { name: 'Copy' } })
      .then([
        {
          type: 'TaskSuiteCreated',
          data: { id: 's2', fields: { ...source.fields, name: 'Copy' }, owner: 'profile-1', clonedFrom: 's1' },
        },
      ]);
  });
});

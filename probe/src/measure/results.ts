import type { MeasurementDetails, MeasurementFailure } from '@nq/contracts';
import type { TaskResult } from './task-result.ts';

type TestType = TaskResult['testType'];
type Destination = TaskResult['destination'];

const detailLimit = 200;

/** A failure as the measurement takes it: its detail within the contract's 200 characters. */
export const failure = (reason: MeasurementFailure['reason'], detail: string): MeasurementFailure => ({
  reason,
  detail: detail.length > detailLimit ? `${detail.slice(0, detailLimit - 1)}…` : detail,
});

export const finishedResult = (
  testType: TestType,
  destination: Destination,
  kpis: Record<string, number>,
  details?: MeasurementDetails,
): TaskResult => ({ testType, status: 'Finished', destination, kpis, ...(details ? { details } : {}) });

/** A destination that failed; the KPIs it did measure (a 100 % loss) stay with it. */
export const errorResult = (
  testType: TestType,
  destination: Destination,
  why: MeasurementFailure,
  kpis: Record<string, number> = {},
  details?: MeasurementDetails,
): TaskResult => ({ testType, status: 'Error', destination, kpis, failure: why, ...(details ? { details } : {}) });

export const cancelledResult = (testType: TestType, destination: Destination): TaskResult => ({
  testType,
  status: 'Cancelled',
  destination,
  kpis: {},
});

/** A test this agent cannot run here, and why. */
export const notApplyResult = (testType: TestType, detail: string, destination?: Destination): TaskResult => ({
  testType,
  status: 'Not apply',
  kpis: {},
  failure: failure('other', detail),
  ...(destination ? { destination } : {}),
});

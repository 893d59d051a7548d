import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { taskSuiteConfiguration } from './task-suite.entity.ts';

/** Task suites: the tests a probe runs, and their schedule. */
export const taskSuitesManifest: FeatureManifest = { name: 'task-suites', entities: [taskSuiteConfiguration] };

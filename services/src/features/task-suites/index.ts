// Task suites: the task suite configuration and its name scope.
export { taskSuitesManifest } from './manifest.ts';
export { taskSuiteConfiguration, taskSuiteNameScope } from './task-suite.entity.ts';

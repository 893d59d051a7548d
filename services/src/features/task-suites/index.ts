// Task suites: the task suite configuration and its name scope.
export { taskSuiteConfiguration, taskSuiteNameScope } from './task-suite.entity.ts';

import { describeProfileScope } from './profile-scope-api.suite.ts';

describeProfileScope('embedded (embedded log, SQL measurements and analytics)', async () => ({}));

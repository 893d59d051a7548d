import { describeAuditNames } from './audit-names.suite.ts';

describeAuditNames('embedded (PGlite event store)', async () => ({}));

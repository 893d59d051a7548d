import { describeAuditApi } from './audit-api.suite.ts';

describeAuditApi('embedded (PGlite event store)', async () => ({}));

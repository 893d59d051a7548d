import { describeIdentityApi } from './identity-api.suite.ts';

describeIdentityApi('embedded (PGlite, SQL read models, in-memory nonces)', async () => ({}));

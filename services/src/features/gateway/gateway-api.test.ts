import { describeGatewayApi } from './gateway-api.suite.ts';

describeGatewayApi('embedded (table-backed log)', async () => ({}));

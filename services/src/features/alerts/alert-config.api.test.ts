import { describeAlertConfigApi } from './alert-config-api.suite.ts';

describeAlertConfigApi('embedded', async () => ({}));

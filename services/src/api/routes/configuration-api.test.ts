import { describeConfigurationApi } from './configuration-api.suite.ts';

describeConfigurationApi('embedded', async () => ({}));

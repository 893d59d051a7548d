import { describeLauncherApi } from './launcher-api.suite.ts';

describeLauncherApi('embedded', async () => ({}));

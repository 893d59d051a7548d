import { describePushNotificationsApi } from './push-notifications-api.suite.ts';

describePushNotificationsApi('embedded', async () => ({}));

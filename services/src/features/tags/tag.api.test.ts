import { describeTagsApi } from './tags-api.suite.ts';

describeTagsApi('embedded', async () => ({}));

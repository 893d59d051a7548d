import { describeStoryboardApi } from './storyboard-api.suite.ts';

describeStoryboardApi('embedded (SQL measurements and analytics)', async () => ({}));

import { describeSeriesLabels } from './series-labels-api.suite.ts';

describeSeriesLabels('embedded', async () => ({}));

import { describeAlertBacktestApi } from './alert-backtest-api.suite.ts';

describeAlertBacktestApi('embedded', async () => ({}));

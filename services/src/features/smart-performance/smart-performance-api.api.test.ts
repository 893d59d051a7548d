import { describeSmartPerformance } from './smart-performance-api.suite.ts';

describeSmartPerformance('embedded (embedded log, SQL measurements and analytics)', async () => ({}));

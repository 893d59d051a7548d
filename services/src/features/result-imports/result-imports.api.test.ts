import { describeResultImports } from './result-imports.suite.ts';

describeResultImports('embedded (table-backed log and jobs, SQL measurements)', async () => ({}));

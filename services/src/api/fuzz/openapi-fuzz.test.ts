import { describeOpenApiFuzzing } from './openapi-fuzz.suite.ts';

// The short form the test command runs; `npm run fuzz` runs more requests per operation.
describeOpenApiFuzzing({
  runs: Number(process.env.FUZZ_RUNS ?? 6),
  seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
});

import { describeBoundaryRefusals } from './boundary-refusals.suite.ts';

describeBoundaryRefusals('embedded', async () => ({}));

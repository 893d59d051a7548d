import { describeProbeFleetApi } from './probe-fleet-api.suite.ts';

describeProbeFleetApi('embedded (SQL read store)', async () => ({}));

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};

describe('the operations ports', () => {
  it('answers worker health on 8081 unless HEALTH_PORT says otherwise; metrics stay on the API port unless set', () => {
    expect(loadConfig({}).http).toMatchObject({ healthPort: 8081, metricsPort: undefined });
    expect(loadConfig({ HEALTH_PORT: '9000', METRICS_PORT: '9464' }).http).toMatchObject({
      healthPort: 9000,
      metricsPort: 9464,
    });
  });

  it('refuses a port that is not one', () => {
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual([
      "METRICS_PORT (got '70000'): Too big: expected number to be <=65535",
    ]);
  });
});

describe('the production profile (NODE_ENV=production)', () => {
  it('refuses to start with demo data, naming the variable', () => {
    expect(problemsOf({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toEqual([
      "DEMO_DATA (got 'true'): demo data and its well-known logins are refused when NODE_ENV is production",
    ]);
  });

  it('loads no demo by default, even embedded; elsewhere the embedded profile still does', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, demoData: false });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ production: false, demoData: true });
  });
});

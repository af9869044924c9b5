import { describe, expect, it } from 'vitest';
import { readConfig } from '@server/config.ts';

describe('server settings from the environment', () => {
  it('a demo listens on loopback unless HOST says otherwise; production listens everywhere', () => {
    expect(readConfig({})).toMatchObject({ demo: true, host: '127.0.0.1' });
    expect(readConfig({ SCRM_DEMO: '1', HOST: '0.0.0.0' })).toMatchObject({ demo: true, host: '0.0.0.0' });
    expect(readConfig({ DATABASE_URL: 'postgres://x/y' })).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(readConfig({ SCRM_DEMO: '0' })).toMatchObject({ demo: false, host: '0.0.0.0' });
  });

  it('lowers the password hash cost for a test run in a demo only, never in production', () => {
    expect(readConfig({ SCRM_TEST_PASSWORD_COST: 'low' }).lowPasswordCost).toBe(true);
    expect(readConfig({}).lowPasswordCost).toBe(false);
    expect(readConfig({ SCRM_TEST_PASSWORD_COST: 'low', DATABASE_URL: 'postgres://x/y' }).lowPasswordCost).toBe(false);
    expect(readConfig({ SCRM_TEST_PASSWORD_COST: 'low', SCRM_DEMO: '0' }).lowPasswordCost).toBe(false);
  });

  it('trusts no proxy unless told, and only a whole non-negative number of them', () => {
    expect(readConfig({}).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'yes' }).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: '-1' }).trustProxy).toBe(0);
  });

  it('the platform operator is tenant 0 in a demo and tenant 1 in production, unless PLATFORM_TENANT names another', () => {
    expect(readConfig({}).platformTenant).toBe(0);
    expect(readConfig({ SCRM_DEMO: '0' }).platformTenant).toBe(1);
    expect(readConfig({ SCRM_DEMO: '0', PLATFORM_TENANT: '7' }).platformTenant).toBe(7);
    expect(readConfig({ SCRM_DEMO: '0', PLATFORM_TENANT: 'seven' }).platformTenant).toBe(1);
  });

  it('production logs a JSON line per request and a demo does not, unless REQUEST_LOG says; METRICS_TOKEN is read', () => {
    expect(readConfig({}).requestLog).toBe(false);
    expect(readConfig({ SCRM_DEMO: '0' }).requestLog).toBe(true);
    expect(readConfig({ SCRM_DEMO: '0', REQUEST_LOG: 'off' }).requestLog).toBe(false);
    expect(readConfig({ REQUEST_LOG: 'json' }).requestLog).toBe(true);
    expect(readConfig({ METRICS_TOKEN: 'abc' }).metricsToken).toBe('abc');
    expect(readConfig({}).metricsToken).toBeUndefined();
  });
});

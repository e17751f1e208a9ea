import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AUTH_GUARD).toBe(true);
    expect(config.ENABLE_TEST_ROUTES).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('reads PORT and AUTH_GUARD=off', () => {
    const config = loadConfig({ PORT: '9000', AUTH_GUARD: 'off' });
    expect(config.PORT).toBe(9000);
    expect(config.AUTH_GUARD).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:9000');
  });

  it('names a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
  });

  it('names every value production requires, and refuses test routes there', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', ENABLE_TEST_ROUTES: 'true' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('DATABASE_URL: is required in production');
    expect(message).toContain('PUBLIC_URL: is required in production');
    expect(message).toContain('ENABLE_TEST_ROUTES: test routes are refused in production');
  });
});

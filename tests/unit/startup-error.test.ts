import { ConfigError } from '../../server/config';
import { EmbeddedPostgresError } from '../../server/db/embedded-postgres';
import { describeStartupError } from '../../server/startup-error';

const systemError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'failed')), fields);

describe('describeStartupError', () => {
  it('passes our own explanations through', () => {
    expect(describeStartupError(new ConfigError(['PORT: too big']))).toBe(
      'Invalid configuration:\n  - PORT: too big',
    );
    expect(describeStartupError(new EmbeddedPostgresError('port 5 is taken'))).toBe(
      'port 5 is taken',
    );
  });

  it('names a taken or forbidden HTTP port', () => {
    expect(
      describeStartupError(systemError({ syscall: 'listen', code: 'EADDRINUSE', port: 8080 })),
    ).toBe('port 8080 is already in use by another program: stop it or set PORT.');
    expect(describeStartupError(systemError({ syscall: 'listen', code: 'EACCES', port: 80 }))).toBe(
      'not allowed to listen on port 80 (ports below 1024 need privileges): set PORT.',
    );
  });

  it('names an unreachable database without its password', () => {
    const refused = systemError({
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED 10.0.0.5:5432',
    });
    const said = describeStartupError(refused, 'postgres://agora:secret@10.0.0.5:5432/agora');
    expect(said).toBe(
      'cannot reach the database at 10.0.0.5:5432/agora: connect ECONNREFUSED 10.0.0.5:5432',
    );
    expect(said).not.toContain('secret');
  });

  it('names a refused login or a missing database', () => {
    expect(
      describeStartupError(
        systemError({ code: '28P01', message: 'password authentication failed for user "agora"' }),
      ),
    ).toBe('the database refused the connection: password authentication failed for user "agora"');
  });

  it('says something even for a rejection without a reason', () => {
    expect(describeStartupError(undefined)).toBe('start-up failed without giving a reason');
    expect(describeStartupError(new Error(''))).toBe('start-up failed without giving a reason');
  });
});

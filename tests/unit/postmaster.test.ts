import {
  classifyDataDir,
  parsePostmasterPid,
  parseProcStatParent,
  type ProcessInfo,
} from '../../server/db/postmaster';
import { startFailure } from '../../server/db/embedded-postgres';

const dataDir = '/srv/agora/.data/postgres';
const pidFile = { pid: 4242, port: 54329 };
const postmaster = (ppid: number, overrides: Partial<ProcessInfo> = {}): ProcessInfo => ({
  ppid,
  program: 'postgres',
  dataDir,
  ...overrides,
});

describe('reading the data directory', () => {
  it('reads the pid and port of postmaster.pid', () => {
    const text = `4242\n${dataDir}\n1795456539\n54329\n/tmp\nlocalhost\n  1234567   98304\nready   \n`;
    expect(parsePostmasterPid(text)).toEqual({ pid: 4242, port: 54329 });
    expect(parsePostmasterPid('garbage')).toBeNull();
  });

  it('reads the parent pid of /proc/<pid>/stat, whatever the command name holds', () => {
    expect(parseProcStatParent('4242 (postgres) S 1 4242 4242 0 -1 4194560')).toBe(1);
    expect(parseProcStatParent('77 (a (weird) name) S 4100 77 77 0')).toBe(4100);
  });
});

describe('what a start finds on the data directory', () => {
  const base = { dataDir, pidFile, owner: { pid: 4100 }, ownerAlive: true };

  it('is free when no postmaster runs', () => {
    expect(classifyDataDir({ ...base, pidFile: null, postmaster: null })).toEqual({ kind: 'free' });
    expect(classifyDataDir({ ...base, postmaster: null })).toEqual({ kind: 'free' });
  });

  it('leaves a pid file naming another program, or another directory, to Postgres', () => {
    expect(classifyDataDir({ ...base, postmaster: postmaster(1, { program: 'node' }) }).kind).toBe(
      'free',
    );
    expect(
      classifyDataDir({ ...base, postmaster: postmaster(1, { dataDir: '/elsewhere' }) }).kind,
    ).toBe('free');
  });

  it('is in use while the process that started it is alive and still its parent', () => {
    expect(classifyDataDir({ ...base, postmaster: postmaster(4100) })).toEqual({
      kind: 'in-use',
      pid: 4242,
      port: 54329,
      ownerPid: 4100,
    });
  });

  it('is an orphan once its starter is gone, or its pid now names someone else', () => {
    const orphan = { kind: 'orphan', pid: 4242, port: 54329 };
    // kill -9 of the server: re-parented to init (or a subreaper), the owner dead.
    expect(classifyDataDir({ ...base, ownerAlive: false, postmaster: postmaster(1) })).toEqual(
      orphan,
    );
    expect(classifyDataDir({ ...base, ownerAlive: false, postmaster: postmaster(900) })).toEqual(
      orphan,
    );
    // The owner's pid was recycled by an unrelated live process: not the postmaster's parent.
    expect(classifyDataDir({ ...base, postmaster: postmaster(1) })).toEqual(orphan);
  });

  it('without an owner record, takes only a postmaster re-parented to init for an orphan', () => {
    const noRecord = { ...base, owner: null, ownerAlive: false };
    expect(classifyDataDir({ ...noRecord, postmaster: postmaster(1) }).kind).toBe('orphan');
    expect(classifyDataDir({ ...noRecord, postmaster: postmaster(900) })).toEqual({
      kind: 'in-use',
      pid: 4242,
      port: 54329,
      ownerPid: null,
    });
  });
});

describe('a postmaster that stopped while starting', () => {
  it('is explained in its own words, without the log prefix, with a hint for a taken port', () => {
    const message = startFailure(dataDir, 54329, { code: 1, signal: null }, [
      '2026-11-23 18:03:45.125 UTC [18226] LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
      '2026-11-23 18:03:45.125 UTC [18226] FATAL:  could not create any TCP/IP sockets',
      '2026-11-23 18:03:45.126 UTC [18226] LOG:  database system is shut down',
    ]);
    expect(message).toBe(
      `the embedded Postgres in ${dataDir} (port 54329) stopped while starting (exit code 1): ` +
        'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use | ' +
        'FATAL:  could not create any TCP/IP sockets. ' +
        'Port 54329 is taken by another program: stop it or set EMBEDDED_PG_PORT.',
    );
  });

  it('says so when it said nothing', () => {
    expect(startFailure(dataDir, 5, { code: null, signal: 'SIGKILL' }, [])).toContain(
      '(signal SIGKILL): no output.',
    );
  });
});

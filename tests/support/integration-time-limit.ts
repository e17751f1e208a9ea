import { jest } from '@jest/globals';

/**
 * A hook copies a database and starts a server, a test hashes passwords (argon2 is slow by
 * design), makes members and waits on sockets: seconds, and far more on a busy two-core machine
 * than Jest's default 5 s. The limit is only there to catch a hang; a test that needs more says
 * so itself. Set here because Jest ignores `testTimeout` in a project's configuration: it reads
 * only the top-level one, which would hold for the unit tests too.
 */
jest.setTimeout(30_000);

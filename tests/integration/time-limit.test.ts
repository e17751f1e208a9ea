/**
 * Integration tests hash passwords (argon2 is slow by design), start servers and wait on sockets:
 * on a busy machine, far more than Jest's default 5 s. The integration project's own limit must
 * be what Jest applies, to hooks and tests alike, without each file having to say so.
 */
const longerThanJestsDefault = () => new Promise((resolve) => setTimeout(resolve, 5_500));

beforeAll(longerThanJestsDefault);

it('gives a hook and a test more than 5 s', longerThanJestsDefault);

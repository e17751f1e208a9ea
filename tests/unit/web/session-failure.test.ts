import { authErrorMessages } from '../../../shared/auth/messages';
import { OFFLINE, sessionFailureOf } from '../../../web/features/auth/sessionFailure';

const unreachable = {
  title: 'Agora is not reachable',
  message: 'Check your connection and try again.',
};

describe('a session that could not be loaded', () => {
  it('blames the connection when no answer came, or a gateway said the app is away', () => {
    expect(
      sessionFailureOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }),
    ).toEqual(unreachable);
    expect(sessionFailureOf({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toEqual(unreachable);
    for (const status of [502, 503, 504]) {
      expect(sessionFailureOf({ status, data: 'Bad Gateway' })).toEqual(unreachable);
    }
  });

  it("says 'Authentication error occurred' for every other reason (002 §8)", () => {
    const others = [
      { status: 500, data: { error: { code: 'internal', message: 'Something went wrong' } } },
      { status: 400, data: { error: { code: 'validation', message: 'Bad cookie' } } },
      { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' },
      // An answer of the wrong shape, refused by the session's schema.
      { name: 'ZodError', message: 'Invalid input' },
      undefined,
    ];
    for (const failure of others) {
      expect(sessionFailureOf(failure).title).toBe(authErrorMessages['auth-error']);
      expect(sessionFailureOf(failure).title).toBe('Authentication error occurred');
    }
  });
});

describe('a session that could not be loaded offline', () => {
  it('says the member is offline when the browser knows it, not that Agora is away', () => {
    expect(sessionFailureOf({ status: 'FETCH_ERROR', error: 'TypeError' }, false)).toEqual(OFFLINE);
    expect(OFFLINE.title).toBe('You are offline');
    expect(sessionFailureOf({ status: 'FETCH_ERROR', error: 'TypeError' }, true)).toEqual(
      unreachable,
    );
    expect(sessionFailureOf({ status: 500, data: {} }, false).title).toBe(
      'Authentication error occurred',
    );
  });
});

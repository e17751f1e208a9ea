import {
  decideGuard,
  decideRoot,
  safeReturnPath,
  type GuardInput,
} from '../../../web/features/auth/guard';

const base: GuardInput = {
  access: 'authenticated',
  session: 'signed-out',
  authGuard: true,
  location: '/friends?tab=requests',
  pending: null,
};

describe('decideGuard', () => {
  it('waits while the session or the config is loading, never flashing the login page', () => {
    expect(decideGuard({ ...base, session: 'loading' })).toEqual({ kind: 'loading' });
    expect(decideGuard({ ...base, authGuard: undefined })).toEqual({ kind: 'loading' });
  });

  it('reports a session that could not be loaded', () => {
    expect(decideGuard({ ...base, session: 'error' })).toEqual({ kind: 'error' });
  });

  it('sends a visitor to /login carrying the requested location', () => {
    expect(decideGuard(base)).toEqual({
      kind: 'redirect',
      to: '/login',
      from: '/friends?tab=requests',
    });
  });

  it('renders a guarded route for a member', () => {
    expect(decideGuard({ ...base, session: 'signed-in' })).toEqual({ kind: 'render' });
  });

  it('sends a member away from /login and /create-account to /', () => {
    const visitorRoute = { ...base, access: 'visitor' as const, location: '/login' };
    expect(decideGuard({ ...visitorRoute, session: 'signed-in' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideGuard(visitorRoute)).toEqual({ kind: 'render' });
  });

  it('lets every route render for everyone when the guard is off', () => {
    expect(decideGuard({ ...base, authGuard: false })).toEqual({ kind: 'render' });
    expect(
      decideGuard({ ...base, access: 'visitor', session: 'signed-in', authGuard: false }),
    ).toEqual({ kind: 'render' });
  });

  it('follows the destination chosen by the page that signed the member in', () => {
    const input: GuardInput = {
      ...base,
      access: 'visitor',
      session: 'signed-in',
      location: '/create-account',
      pending: { to: '/onboarding', when: 'signed-in' },
    };
    expect(decideGuard(input)).toEqual({ kind: 'redirect', to: '/onboarding' });
    expect(decideGuard({ ...input, authGuard: false })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
  });

  it('ignores a pending destination until the session has actually changed', () => {
    const input: GuardInput = {
      ...base,
      access: 'visitor',
      location: '/login',
      pending: { to: '/profile', when: 'signed-in' },
    };
    expect(decideGuard(input)).toEqual({ kind: 'render' });
  });

  it('sends a member who logged out to plain /login, without a return path', () => {
    expect(
      decideGuard({
        ...base,
        location: '/settings',
        pending: { to: '/login', when: 'signed-out' },
      }),
    ).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('does not redirect to the page already shown', () => {
    expect(
      decideGuard({
        ...base,
        session: 'signed-in',
        location: '/onboarding',
        pending: { to: '/onboarding', when: 'signed-in' },
      }),
    ).toEqual({ kind: 'render' });
  });
});

describe('decideRoot', () => {
  it('shows home to a member and the Create Account card to a visitor', () => {
    expect(decideRoot('signed-in', null)).toEqual({ kind: 'home' });
    expect(decideRoot('signed-out', null)).toEqual({ kind: 'create-account' });
    expect(decideRoot('loading', null)).toEqual({ kind: 'loading' });
    expect(decideRoot('error', null)).toEqual({ kind: 'error' });
  });

  it('moves a member who just created an account on to onboarding', () => {
    expect(decideRoot('signed-in', { to: '/onboarding', when: 'signed-in' })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
  });

  it('moves a member who logged out from home to /login', () => {
    expect(decideRoot('signed-out', { to: '/login', when: 'signed-out' })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
});

describe('required password rotation', () => {
  const member = { ...base, session: 'signed-in' as const, passwordRotationRequired: true };

  it('sends the member to /password-rotation from every other route', () => {
    expect(decideGuard(member)).toEqual({ kind: 'redirect', to: '/password-rotation' });
    expect(decideGuard({ ...member, access: 'visitor', location: '/login' })).toEqual({
      kind: 'redirect',
      to: '/password-rotation',
    });
    expect(decideRoot('signed-in', null, true)).toEqual({
      kind: 'redirect',
      to: '/password-rotation',
    });
  });

  it('holds even with the client guard switched off', () => {
    expect(decideGuard({ ...member, authGuard: false })).toEqual({
      kind: 'redirect',
      to: '/password-rotation',
    });
  });

  it('renders the rotation page itself, and lets a pending sign-out go to /login', () => {
    expect(decideGuard({ ...member, location: '/password-rotation' })).toEqual({
      kind: 'render',
    });
    expect(
      decideGuard({
        ...member,
        session: 'signed-out',
        location: '/password-rotation',
        pending: { to: '/login', when: 'signed-out' },
      }),
    ).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('leaves a member with no rotation due where they are', () => {
    expect(decideGuard({ ...member, passwordRotationRequired: false })).toEqual({
      kind: 'render',
    });
  });
});

describe('safeReturnPath', () => {
  it('keeps an internal path with its query and hash', () => {
    expect(safeReturnPath('/post/42?focus=comment#c1')).toBe('/post/42?focus=comment#c1');
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil',
    '/login',
    '/create-account?x=1',
  ])('falls back to / for %p', (from) => {
    expect(safeReturnPath(from)).toBe('/');
  });
});

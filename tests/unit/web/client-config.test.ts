import { parseClientConfig } from '../../../web/features/config/configApi';

describe("the server's config for the client", () => {
  it('keeps the guard setting, and nothing else', () => {
    expect(parseClientConfig({ authGuard: true })).toEqual({ authGuard: true });
    expect(parseClientConfig({ authGuard: false, other: 1 })).toEqual({ authGuard: false });
  });

  it('refuses an answer without a boolean guard setting', () => {
    for (const raw of [null, 'true', {}, { authGuard: 'false' }, { authGuard: null }]) {
      expect(() => parseClientConfig(raw)).toThrow(TypeError);
    }
  });
});

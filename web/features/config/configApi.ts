import { api } from '../../state/api';

export interface ClientConfig {
  authGuard: boolean;
}

/**
 * `GET /api/config`'s answer, checked by hand: it is one boolean, and every page asks for it
 * before it draws, so a schema would load zod on a visitor's first page for it alone
 * (docs/performance.md, "A visitor's page without zod"). As a schema would, it keeps only the
 * known field and refuses anything else (the query then fails and the guard stays on).
 */
export function parseClientConfig(raw: unknown): ClientConfig {
  if (typeof raw === 'object' && raw !== null && 'authGuard' in raw) {
    if (typeof raw.authGuard === 'boolean') return { authGuard: raw.authGuard };
  }
  throw new TypeError('The config answer is not { authGuard: boolean }');
}

export const AUTH_GUARD_OFF_NOTICE = 'Authentication is temporarily disabled';

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<ClientConfig, void>({
      query: () => 'config',
      transformResponse: parseClientConfig,
      providesTags: ['Config'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!data.authGuard) console.info(AUTH_GUARD_OFF_NOTICE);
        } catch {
          // A failed load is handled where the value is read (the guard then stays on).
        }
      },
    }),
  }),
});

/**
 * Whether routes are guarded: `undefined` while the server's answer is pending. If the config
 * cannot be loaded the guard stays on, the safe side.
 */
export function useAuthGuardSetting(): boolean | undefined {
  const { data, isError } = configApi.useGetConfigQuery();
  if (data) return data.authGuard;
  return isError ? true : undefined;
}

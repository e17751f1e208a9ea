import { api } from '../../state/api';
import { parseLazily } from '../../lib/lazyParse';

export interface ClientConfig {
  authGuard: boolean;
}

const parseClientConfig = parseLazily<ClientConfig>(async () => {
  const { z } = await import('zod');
  return z.object({ authGuard: z.boolean() });
});

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

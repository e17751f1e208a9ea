import { z } from 'zod';
import { api } from '../../app/api';

const clientConfigSchema = z.object({ authGuard: z.boolean() });
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const AUTH_GUARD_OFF_NOTICE = 'Authentication is temporarily disabled';

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<ClientConfig, void>({
      query: () => 'config',
      transformResponse: (raw: unknown) => clientConfigSchema.parse(raw),
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

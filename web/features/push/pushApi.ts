import type {
  PushSubscriptionAnswer,
  PushSubscriptionList,
  PushSubscriptionRequest,
} from '../../../shared/push';
import { api } from '../../state/api';

/** The member's browsers for Web Push (`server/domains/push/routes.ts`). */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPushSubscriptions: build.query<PushSubscriptionList, void>({
      query: () => 'me/push-subscriptions',
      providesTags: ['PushSubscriptions'],
    }),
    registerPushSubscription: build.mutation<PushSubscriptionAnswer, PushSubscriptionRequest>({
      query: (body) => ({ url: 'me/push-subscriptions', method: 'PUT', body }),
      invalidatesTags: ['PushSubscriptions'],
    }),
    removePushSubscription: build.mutation<void, string>({
      query: (id) => ({ url: `me/push-subscriptions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PushSubscriptions'],
    }),
  }),
});

export const {
  useGetPushSubscriptionsQuery,
  useRegisterPushSubscriptionMutation,
  useRemovePushSubscriptionMutation,
} = pushApi;

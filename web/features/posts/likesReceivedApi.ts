import { likesReceivedSchema, type LikesReceived } from '../../../shared/posts';
import { api } from '../../state/api';
import { useAppSelector } from '../../state/hooks';
import { likesReceivedUpdated, selectLikesReceived } from './likesReceivedSlice';

/**
 * The member's Total Likes as the server holds it now; the answer goes through the same version
 * check as the pushes, so whichever arrives last cannot roll the total back.
 */
export const likesReceivedApi = api
  .enhanceEndpoints({ addTagTypes: ['LikesReceived'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getLikesReceived: build.query<LikesReceived, void>({
        query: () => 'me/likes-received',
        transformResponse: (raw: unknown) => likesReceivedSchema.parse(raw),
        providesTags: ['LikesReceived'],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const answer = await queryFulfilled.catch(() => null);
          if (answer) dispatch(likesReceivedUpdated(answer.data));
        },
      }),
    }),
  });

/** The member's Total Likes, loaded once and kept live by `posts:likes-received`; null until known. */
export function useLikesReceived(): LikesReceived | null {
  likesReceivedApi.useGetLikesReceivedQuery();
  return useAppSelector(selectLikesReceived);
}

import type {
  AuditPage,
  CreateReport,
  ModerationActionRequest,
  ModerationResult,
  Moderator,
  QueuePage,
  QueueStatus,
} from '../../../shared/moderation';
import type { Person } from '../../../shared/social';
import { api } from '../../state/api';

export interface QueueArgs {
  status: QueueStatus;
  cursor?: string;
}

/** The moderation API: reports (any member), the queue, actions and audit (moderators). */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportContent: build.mutation<{ id: string }, CreateReport>({
      query: (body) => ({ url: 'reports', method: 'POST', body }),
      invalidatesTags: ['ModerationQueue'],
    }),
    getModerationQueue: build.query<QueuePage, QueueArgs>({
      query: ({ status, cursor }) => ({
        url: 'moderation/queue',
        params: cursor ? { status, cursor } : { status },
      }),
      providesTags: ['ModerationQueue'],
    }),
    getModerationAudit: build.query<AuditPage, string | undefined>({
      query: (cursor) => ({ url: 'moderation/audit', params: cursor ? { cursor } : {} }),
      providesTags: ['ModerationAudit'],
    }),
    moderate: build.mutation<ModerationResult, ModerationActionRequest>({
      query: (body) => ({ url: 'moderation/actions', method: 'POST', body }),
      invalidatesTags: ['ModerationQueue', 'ModerationAudit'],
    }),
    reinstateMember: build.mutation<ModerationResult, string>({
      query: (userId) => ({ url: `moderation/suspensions/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['ModerationAudit'],
    }),
    getModerators: build.query<Moderator[], void>({
      query: () => 'moderation/moderators',
      transformResponse: (raw: { moderators: Moderator[] }) => raw.moderators,
      providesTags: ['Moderators'],
    }),
    appointModerator: build.mutation<void, string>({
      query: (userId) => ({ url: 'moderation/moderators', method: 'POST', body: { userId } }),
      invalidatesTags: ['Moderators'],
    }),
    dismissModerator: build.mutation<void, string>({
      query: (userId) => ({ url: `moderation/moderators/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Moderators'],
    }),
    searchMembers: build.query<Person[], string>({
      query: (q) => ({ url: 'users', params: { q, _limit: 8 } }),
    }),
  }),
});

export const {
  useReportContentMutation,
  useGetModerationQueueQuery,
  useGetModerationAuditQuery,
  useModerateMutation,
  useReinstateMemberMutation,
  useGetModeratorsQuery,
  useAppointModeratorMutation,
  useDismissModeratorMutation,
  useSearchMembersQuery,
} = moderationApi;

import {
  activeCallsSchema,
  callSchema,
  joinedCallSchema,
  type Call,
  type CallKind,
  type IceServer,
  type JoinedCall,
} from '../../../shared/calls';
import { api } from '../../app/api';

/** The call requests; a call's state is pushed (`call:updated`), so nothing here is cached. */
export const callsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenCalls: build.query<{ calls: Call[]; iceServers: IceServer[] }, void>({
      query: () => 'calls',
      transformResponse: (raw: unknown) => activeCallsSchema.parse(raw),
      keepUnusedDataFor: 0,
    }),
    startCall: build.mutation<JoinedCall, { conversationId: string; kind: CallKind }>({
      query: (body) => ({ url: 'calls', method: 'POST', body }),
      transformResponse: (raw: unknown) => joinedCallSchema.parse(raw),
    }),
    answerCall: build.mutation<JoinedCall, string>({
      query: (callId) => ({ url: `calls/${callId}/answer`, method: 'POST' }),
      transformResponse: (raw: unknown) => joinedCallSchema.parse(raw),
    }),
    declineCall: build.mutation<Call, string>({
      query: (callId) => ({ url: `calls/${callId}/decline`, method: 'POST' }),
      transformResponse: (raw: unknown) => callSchema.parse(raw),
    }),
    hangUpCall: build.mutation<Call, string>({
      query: (callId) => ({ url: `calls/${callId}/hang-up`, method: 'POST' }),
      transformResponse: (raw: unknown) => callSchema.parse(raw),
    }),
  }),
});

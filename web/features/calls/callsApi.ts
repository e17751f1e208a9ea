import type { Call, CallKind, IceServer, JoinedCall } from '../../../shared/calls';
import { api } from '../../state/api';
import { parseLazily } from '../../lib/lazyParse';

// The call layer is on every page: its answers' schemas load with the first call.
const schemas = () => import('../../../shared/calls');
const parseOpenCalls = parseLazily(async () => (await schemas()).activeCallsSchema);
const parseJoinedCall = parseLazily(async () => (await schemas()).joinedCallSchema);
const parseCall = parseLazily(async () => (await schemas()).callSchema);

/** The call requests; a call's state is pushed (`call:updated`), so nothing here is cached. */
export const callsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOpenCalls: build.query<{ calls: Call[]; iceServers: IceServer[] }, void>({
      query: () => 'calls',
      transformResponse: parseOpenCalls,
      keepUnusedDataFor: 0,
    }),
    startCall: build.mutation<JoinedCall, { conversationId: string; kind: CallKind }>({
      query: (body) => ({ url: 'calls', method: 'POST', body }),
      transformResponse: parseJoinedCall,
    }),
    answerCall: build.mutation<JoinedCall, string>({
      query: (callId) => ({ url: `calls/${callId}/answer`, method: 'POST' }),
      transformResponse: parseJoinedCall,
    }),
    declineCall: build.mutation<Call, string>({
      query: (callId) => ({ url: `calls/${callId}/decline`, method: 'POST' }),
      transformResponse: parseCall,
    }),
    hangUpCall: build.mutation<Call, string>({
      query: (callId) => ({ url: `calls/${callId}/hang-up`, method: 'POST' }),
      transformResponse: parseCall,
    }),
  }),
});

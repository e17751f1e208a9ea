import {
  CALL_SOCKET_EVENTS,
  callSignalPayloadSchema,
  callUpdatedPayloadSchema,
} from '../../../shared/calls';
import type { AppThunk } from '../../state/store';
import { selectSignedInUserId } from '../auth';
import type { LiveFeature } from '../connection';
import { callsApi } from './callsApi';
import { callUpdated, openCallsReceived } from './callSlice';
import { deliverSignal } from './callSignals';

/** Pushes missed while away: a call that rang or ended meanwhile is read again. */
const loadOpenCalls = (): AppThunk => async (dispatch, getState) => {
  const result = await dispatch(
    callsApi.endpoints.getOpenCalls.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  const viewerId = selectSignedInUserId(getState());
  if (result.isSuccess && viewerId) dispatch(openCallsReceived({ ...result.data, viewerId }));
};

export const callsLive: LiveFeature = {
  name: 'calls',
  handlers: {
    [CALL_SOCKET_EVENTS.updated]: (payload, dispatch, getState) => {
      const parsed = callUpdatedPayloadSchema.safeParse(payload);
      const viewerId = selectSignedInUserId(getState());
      if (parsed.success && viewerId) dispatch(callUpdated({ call: parsed.data.call, viewerId }));
    },
    [CALL_SOCKET_EVENTS.signal]: (payload) => {
      const parsed = callSignalPayloadSchema.safeParse(payload);
      if (parsed.success) deliverSignal(parsed.data.callId, parsed.data.signal);
    },
  },
  resync(dispatch) {
    void dispatch(loadOpenCalls());
  },
};

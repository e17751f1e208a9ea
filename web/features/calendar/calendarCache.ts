import type { AttendanceState, EventAttendeesPayload } from '../../../shared/calendar';
import type { AppThunk } from '../../state/store';
import { calendarApi } from './calendarApi';
import { applyAttendees } from './eventList';

/**
 * A count (a push, or the answer of the viewer's own join or leave) into every cached list that
 * shows the event, where it is newer than the list's copy.
 */
export const attendeesReceived =
  (state: EventAttendeesPayload | AttendanceState): AppThunk =>
  (dispatch, getState) => {
    for (const args of calendarApi.util.selectCachedArgsForQuery(getState(), 'getEvents')) {
      dispatch(
        calendarApi.util.updateQueryData('getEvents', args, (list) => {
          applyAttendees(list, state);
        }),
      );
    }
  };

import type {
  AttendanceState,
  CalendarEvent,
  CreateEvent,
  EventList,
  EventScope,
  PatchEvent,
} from '../../../shared/calendar';
import { api } from '../../state/api';

export interface EventsArgs {
  scope: EventScope;
  communityId?: string;
  q?: string;
}

/** What the Create Event form sends: the schema's input, before its defaults. */
export type NewEvent = Omit<CreateEvent, 'communityId'> & { communityId?: string | null };

/**
 * The calendar API. Lists carry the tag `CalendarEvents`; a join or leave patches the cached
 * lists with the absolute count it answers (see `calendarCache`), so the button and the count
 * change at once without a refetch.
 */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvents: build.query<EventList, EventsArgs>({
      query: ({ scope, communityId, q }) => ({
        url: 'events',
        params: { scope, ...(communityId ? { communityId } : {}), ...(q ? { q } : {}) },
      }),
      providesTags: ['CalendarEvents'],
    }),
    createEvent: build.mutation<CalendarEvent, NewEvent>({
      query: (body) => ({ url: 'events', method: 'POST', body }),
      invalidatesTags: ['CalendarEvents'],
    }),
    editEvent: build.mutation<CalendarEvent, { id: string; patch: PatchEvent }>({
      query: ({ id, patch }) => ({ url: `events/${id}`, method: 'PATCH', body: patch }),
      invalidatesTags: ['CalendarEvents'],
    }),
    cancelEvent: build.mutation<void, string>({
      query: (id) => ({ url: `events/${id}`, method: 'DELETE' }),
      invalidatesTags: ['CalendarEvents'],
    }),
    setAttendance: build.mutation<AttendanceState, { id: string; attend: boolean }>({
      query: ({ id, attend }) => ({
        url: `events/${id}/attendance`,
        method: attend ? 'POST' : 'DELETE',
      }),
    }),
  }),
});

export const {
  useGetEventsQuery,
  useCreateEventMutation,
  useEditEventMutation,
  useCancelEventMutation,
  useSetAttendanceMutation,
} = calendarApi;

import { logsPageSchema, type LogFilter, type LogsPage } from '../../../shared/ops/logs';
import { api } from '../../state/api';

export const logsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLogs: build.infiniteQuery<LogsPage, LogFilter, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextBefore,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'logs',
        params: { ...queryArg, ...(pageParam === null ? {} : { before: pageParam }) },
      }),
      transformResponse: (raw: unknown) => logsPageSchema.parse(raw),
      providesTags: ['Logs'],
    }),
  }),
});

export const { useGetLogsInfiniteQuery } = logsApi;

import { fetchBaseQuery, type FetchBaseQueryArgs } from '@reduxjs/toolkit/query';
import { formatLsn, laterLsn, parseLsn, WAL_HEADER } from '../../shared/wal-position';

/**
 * The API's fetch, carrying read-your-writes: the WAL position of the member's last write that a
 * server answered with is sent back on every request, so whichever server process answers next
 * reads from a replica that has replayed it, or from the primary (docs/operations.md).
 */
export function createBaseQuery(options: Omit<FetchBaseQueryArgs, 'prepareHeaders'>) {
  let lastWrite: bigint | null = null;
  const fetchJson = fetchBaseQuery({
    ...options,
    prepareHeaders: (headers) => {
      if (lastWrite !== null) headers.set(WAL_HEADER, formatLsn(lastWrite));
      return headers;
    },
  });
  const baseQuery: typeof fetchJson = async (args, store, extra) => {
    const result = await fetchJson(args, store, extra);
    lastWrite = laterLsn(lastWrite, parseLsn(result.meta?.response?.headers.get(WAL_HEADER)));
    return result;
  };
  return baseQuery;
}

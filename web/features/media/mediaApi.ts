import {
  filesDeleted,
  filesLoaded,
  filesReceived,
  markBeforeLoad,
  viewCounted,
} from './mediaCache';
import { mediaEndpoints } from './mediaEndpoints';

/**
 * The media endpoints with what each response changes in the cached lists. Components use these
 * hooks; the enhancement runs when this module loads, before any of them can be called.
 */
export const mediaApi = mediaEndpoints.enhanceEndpoints({
  endpoints: {
    getFiles: {
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const mark = markBeforeLoad();
        try {
          const { data } = await queryFulfilled;
          dispatch(filesLoaded(arg, data, mark));
        } catch {
          // The library shows its own error state.
        }
      },
    },
    updateFile: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(filesReceived([data]));
      },
    },
    bulkFiles: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(filesReceived(data.files));
        dispatch(filesDeleted(data.deleted));
      },
    },
    deleteFile: {
      async onQueryStarted(key, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (done) dispatch(filesDeleted([key]));
      },
    },
    countView: {
      async onQueryStarted(key, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(viewCounted(key, data));
      },
    },
  },
});

export const {
  useGetFilesInfiniteQuery,
  useGetStorageUsageQuery,
  useUpdateFileMutation,
  useBulkFilesMutation,
  useDeleteFileMutation,
  useCountViewMutation,
  useGetDownloadUrlMutation,
  useGetCdnHealthQuery,
  usePurgeCdnMutation,
} = mediaApi;

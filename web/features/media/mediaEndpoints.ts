import type { z } from 'zod';
import {
  bulkResultSchema,
  cdnHealthSchema,
  downloadUrlSchema,
  filesPageSchema,
  mediaFileSchema,
  purgeResultSchema,
  storageUsageSchema,
  viewResultSchema,
  type BulkAction,
  type CdnHealth,
  type FilesPage,
  type FileUpdate,
  type MediaFile,
} from '../../../shared/media';
import { api } from '../../state/api';
import type { FilesArg } from './fileList';

export type StorageUsage = z.infer<typeof storageUsageSchema>;
export type BulkResult = z.infer<typeof bulkResultSchema>;
export type ViewResult = z.infer<typeof viewResultSchema>;
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;
export type PurgeResult = z.infer<typeof purgeResultSchema>;

/**
 * The media requests and responses. What a response changes in the cached lists is added by
 * `mediaApi`, so the cache updates (which need these endpoints) and the endpoints do not import
 * each other. The tag types are added here rather than in the shared API: only media uses them.
 */
export const mediaEndpoints = api
  .enhanceEndpoints({ addTagTypes: ['Files', 'StorageUsage', 'CdnHealth'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getFiles: build.infiniteQuery<FilesPage, FilesArg, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
        },
        query: ({ queryArg, pageParam }) => ({
          url: 'files',
          params: {
            ...(queryArg.kind ? { type: queryArg.kind } : {}),
            tab: queryArg.tab,
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
        transformResponse: (raw: unknown) => filesPageSchema.parse(raw),
        providesTags: ['Files'],
      }),
      getStorageUsage: build.query<StorageUsage, void>({
        query: () => 'files/usage',
        transformResponse: (raw: unknown) => storageUsageSchema.parse(raw),
        providesTags: ['StorageUsage'],
      }),
      updateFile: build.mutation<MediaFile, { key: string; change: FileUpdate }>({
        query: ({ key, change }) => ({ url: `files/${key}`, method: 'PATCH', body: change }),
        transformResponse: (raw: unknown) => mediaFileSchema.parse(raw),
      }),
      bulkFiles: build.mutation<BulkResult, { keys: string[]; action: BulkAction }>({
        query: (body) => ({ url: 'files/bulk', method: 'POST', body }),
        transformResponse: (raw: unknown) => bulkResultSchema.parse(raw),
        invalidatesTags: (_result, _error, { action }) =>
          action === 'delete' ? ['StorageUsage'] : [],
      }),
      deleteFile: build.mutation<void, string>({
        query: (key) => ({ url: `files/${key}`, method: 'DELETE' }),
        invalidatesTags: ['StorageUsage'],
      }),
      countView: build.mutation<ViewResult, string>({
        query: (key) => ({ url: `files/${key}/view`, method: 'POST' }),
        transformResponse: (raw: unknown) => viewResultSchema.parse(raw),
      }),
      /** A signed, expiring link; asked for at the moment of downloading, never cached. */
      getDownloadUrl: build.mutation<DownloadUrl, string>({
        query: (key) => ({ url: `download/${key}` }),
        transformResponse: (raw: unknown) => downloadUrlSchema.parse(raw),
      }),
      getCdnHealth: build.query<CdnHealth, void>({
        query: () => 'cdn/health',
        transformResponse: (raw: unknown) => cdnHealthSchema.parse(raw),
        providesTags: ['CdnHealth'],
      }),
      purgeCdn: build.mutation<PurgeResult, string[]>({
        query: (files) => ({ url: 'cdn/purge', method: 'POST', body: { files } }),
        transformResponse: (raw: unknown) => purgeResultSchema.parse(raw),
        invalidatesTags: ['CdnHealth'],
      }),
    }),
  });

/** The zip of several files, streamed by the server as it reads them (`GET /files/archive`). */
export const archiveUrl = (keys: readonly string[]) =>
  `/api/files/archive?keys=${encodeURIComponent(keys.join(','))}`;

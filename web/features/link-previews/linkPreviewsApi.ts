import type { LinkPreviewLookup, LinkPreviewTarget } from '../../../shared/link-previews';
import { api } from '../../state/api';

/** Link preview cards (`server/domains/link-previews/routes.ts`). */
export const linkPreviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The editor's card for a link being typed: cached by the server for a day. */
    lookupLinkPreview: build.query<LinkPreviewLookup, string>({
      query: (url) => ({ url: 'link-previews', params: { url } }),
      keepUnusedDataFor: 300,
    }),
    /** The new state arrives by the post's, comment's or message's live push. */
    removeLinkPreview: build.mutation<void, { kind: LinkPreviewTarget; id: string }>({
      query: ({ kind, id }) => ({ url: `link-previews/${kind}/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const { useLookupLinkPreviewQuery, useRemoveLinkPreviewMutation } = linkPreviewsApi;

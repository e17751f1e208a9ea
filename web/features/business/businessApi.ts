import {
  businessAccountSchema,
  businessReportSchema,
  type BusinessAccount,
  type BusinessAccountFields,
  type BusinessReport,
} from '../../../shared/business';
import { api } from '../../state/api';

/** The member's business account: read, saved whole from any tab, deleted, and its report. */
export const businessApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBusinessAccount: build.query<BusinessAccount, void>({
      query: () => 'business-account',
      transformResponse: (raw: unknown) => businessAccountSchema.parse(raw),
      providesTags: ['BusinessAccount'],
    }),
    /** Saves the fields against the version they were read at (409 when it has moved on). */
    saveBusinessAccount: build.mutation<
      BusinessAccount,
      BusinessAccountFields & { version: number }
    >({
      query: (account) => ({ url: 'business-account', method: 'PUT', body: account }),
      transformResponse: (raw: unknown) => businessAccountSchema.parse(raw),
      async onQueryStarted(_account, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(businessApi.util.upsertQueryData('getBusinessAccount', undefined, data));
      },
    }),
    deleteBusinessAccount: build.mutation<void, void>({
      query: () => ({ url: 'business-account', method: 'DELETE' }),
      invalidatesTags: ['BusinessAccount'],
    }),
    getBusinessReport: build.query<BusinessReport, void>({
      query: () => 'business-account/report',
      transformResponse: (raw: unknown) => businessReportSchema.parse(raw),
      providesTags: ['BusinessAccount'],
    }),
  }),
});

export const {
  useGetBusinessAccountQuery,
  useSaveBusinessAccountMutation,
  useDeleteBusinessAccountMutation,
  useGetBusinessReportQuery,
} = businessApi;

/** The export is a plain download: the browser saves the server's attachment as it comes. */
export const BUSINESS_EXPORT_URL = '/api/business-account/export';

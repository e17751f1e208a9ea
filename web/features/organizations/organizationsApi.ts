import {
  organizationListSchema,
  organizationSchema,
  type Organization,
} from '../../../shared/organizations';
import { api } from '../../state/api';

/** The member's organizations: created from a multipart form, listed, deleted by the owner. */
export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrganizations: build.query<Organization[], void>({
      query: () => 'organizations',
      transformResponse: (raw: unknown) => organizationListSchema.parse(raw).organizations,
      providesTags: ['Organizations'],
    }),
    createOrganization: build.mutation<Organization, FormData>({
      query: (form) => ({ url: 'organizations', method: 'POST', body: form }),
      transformResponse: (raw: unknown) => organizationSchema.parse(raw),
      invalidatesTags: ['Organizations'],
    }),
    deleteOrganization: build.mutation<void, string>({
      query: (id) => ({ url: `organizations/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Organizations'],
    }),
  }),
});

export const {
  useListOrganizationsQuery,
  useCreateOrganizationMutation,
  useDeleteOrganizationMutation,
} = organizationsApi;

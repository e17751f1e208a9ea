import { api } from '../../state/api';
import type {
  CapturedEmail,
  EmailQueueView,
  EmailTemplateView,
  QueuedEmail,
  SendEmailRequest,
  UpdateTemplateRequest,
} from '../../../shared/ops/email';

export const emailApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmailQueue: build.query<EmailQueueView, void>({
      query: () => 'email/queue',
      providesTags: ['EmailQueue'],
    }),
    getEmailTemplates: build.query<EmailTemplateView[], void>({
      query: () => 'email/templates',
      transformResponse: (raw: { templates: EmailTemplateView[] }) => raw.templates,
      providesTags: ['EmailTemplates'],
    }),
    getCapturedEmails: build.query<CapturedEmail[], void>({
      query: () => 'email/captured',
      transformResponse: (raw: { emails: CapturedEmail[] }) => raw.emails,
      providesTags: ['EmailCaptured'],
    }),
    sendEmail: build.mutation<QueuedEmail, SendEmailRequest>({
      query: (body) => ({ url: 'email/send', method: 'POST', body }),
      invalidatesTags: ['EmailQueue'],
    }),
    verifyEmail: build.mutation<{ message: string }, { token: string }>({
      query: (body) => ({ url: 'auth/verify-email', method: 'POST', body }),
      invalidatesTags: ['Session'],
    }),
    updateEmailTemplate: build.mutation<
      EmailTemplateView,
      { name: string; edit: UpdateTemplateRequest }
    >({
      query: ({ name, edit }) => ({
        url: `email/templates/${encodeURIComponent(name)}`,
        method: 'PUT',
        body: edit,
      }),
      invalidatesTags: ['EmailTemplates'],
    }),
  }),
});

export const {
  useGetEmailQueueQuery,
  useGetEmailTemplatesQuery,
  useGetCapturedEmailsQuery,
  useSendEmailMutation,
  useUpdateEmailTemplateMutation,
  useVerifyEmailMutation,
} = emailApi;

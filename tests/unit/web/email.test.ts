import type { EmailQueueView } from '../../../shared/ops/email';
import { applyQueuePush } from '../../../web/features/email/emailQueueCache';
import { errorDetail } from '../../../web/lib/errorDetail';
import { formatProgress } from '../../../web/features/email/QueueOverview';
import { draftErrors } from '../../../web/features/email/TemplatesPanel';
import { canSend } from '../../../web/features/email/TestEmailForm';

const view = (version: number): EmailQueueView => ({
  pending: 2,
  processing: 0,
  sent: 0,
  failed: 0,
  total: 2,
  progress: 0,
  version,
  recent: [],
});

describe('queue pushes', () => {
  it('apply a newer version and ignore an older or repeated one', () => {
    const cached = view(5);
    const newer = { ...view(7), pending: 0, sent: 2, progress: 100 };
    expect(applyQueuePush(cached, newer)).toBe(true);
    expect(cached).toMatchObject({ pending: 0, sent: 2, progress: 100, version: 7 });
    expect(applyQueuePush(cached, { ...view(6), pending: 9 })).toBe(false);
    expect(applyQueuePush(cached, newer)).toBe(false);
    expect(cached.pending).toBe(0);
  });
});

describe('test email form', () => {
  it('enables sending only with a recipient and a template', () => {
    expect(canSend('', '')).toBe(false);
    expect(canSend('a@b.co', '')).toBe(false);
    expect(canSend('  ', 'Newsletter')).toBe(false);
    expect(canSend('a@b.co', 'Newsletter')).toBe(true);
  });

  it('shows the field message of a refused send', () => {
    const error = {
      status: 400,
      data: { error: { code: 'validation', message: 'm', fields: { data: 'Missing x' } } },
    };
    expect(errorDetail(error)).toBe('Missing x');
    expect(errorDetail({ status: 'FETCH_ERROR', error: 'offline' })).toBeUndefined();
  });
});

describe('template editor', () => {
  it('flags blank parts and placeholders outside the variables', () => {
    expect(
      draftErrors(
        { subject: 'Hi {{name}}', htmlTemplate: ' ', textTemplate: '{{email}}', isActive: true },
        ['email'],
      ),
    ).toEqual({ subject: 'Unknown placeholder {{name}}', htmlTemplate: 'Required' });
  });

  it('labels progress in whole percent', () => {
    expect(formatProgress(100)).toBe('100%');
    expect(formatProgress(33.333)).toBe('33%');
  });
});

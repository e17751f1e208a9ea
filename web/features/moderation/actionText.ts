import type { ModerationAction } from '../../../shared/moderation';

/** How each action reads on its button, its dialog and its confirmation. */
export const ACTION_TEXT: Record<
  ModerationAction,
  { label: string; title: string; confirm?: string; done: string }
> = {
  approve: {
    label: 'Approve',
    title: 'Approve this content',
    done: 'Approved: the reports are resolved',
  },
  hide: {
    label: 'Hide',
    title: 'Hide this content',
    done: 'Hidden from everyone but its author',
  },
  remove: {
    label: 'Remove',
    title: 'Remove this content',
    confirm: 'Removed content is gone for everyone, its author included.',
    done: 'Removed',
  },
  warn: { label: 'Warn author', title: 'Warn the author', done: 'Warning sent' },
  suspend: {
    label: 'Suspend author',
    title: 'Suspend the author',
    confirm: 'Their sessions end at once and they cannot sign in until the suspension ends.',
    done: 'Member suspended',
  },
};

export const AUDIT_ACTION_LABEL = {
  approve: 'approved',
  hide: 'hid',
  remove: 'removed',
  warn: 'warned',
  suspend: 'suspended',
  reinstate: 'reinstated',
} as const;

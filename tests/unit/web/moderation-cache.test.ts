import type { AuditEntry, ModerationItem, QueuePage } from '../../../shared/moderation';
import { mergeAuditEntry, mergeQueueItem } from '../../../web/features/moderation/moderationCache';

const item = (id: string, fields: Partial<ModerationItem> = {}): ModerationItem => ({
  targetType: 'post',
  targetId: id,
  postId: id,
  title: 'A post',
  excerpt: 'Words',
  author: { id: null, username: null, displayName: 'Ana', avatar: null },
  moderationState: 'visible',
  moderationReason: null,
  status: 'open',
  reportCount: 1,
  reasonCounts: { spam: 1 },
  reports: [],
  lastReportedAt: '2026-11-25T10:00:00.000Z',
  lastAction: null,
  version: 1,
  ...fields,
});

const page = (...items: ModerationItem[]): QueuePage => ({ items, nextCursor: null });

describe('the live queue', () => {
  it('puts a new item at its place on the first page only', () => {
    const first = page(item('a', { lastReportedAt: '2026-11-25T12:00:00.000Z' }), item('b'));
    mergeQueueItem(first, 'open', item('c', { lastReportedAt: '2026-11-25T11:00:00.000Z' }), true);
    expect(first.items.map((i) => i.targetId)).toEqual(['a', 'c', 'b']);
    const later = page(item('b'));
    mergeQueueItem(later, 'open', item('d'), false);
    expect(later.items.map((i) => i.targetId)).toEqual(['b']);
  });

  it('keeps the newest version, and drops an item that left the status shown', () => {
    const shown = page(item('a', { version: 3 }));
    mergeQueueItem(shown, 'open', item('a', { version: 2, reportCount: 9 }), true);
    expect(shown.items[0]!.reportCount).toBe(1);
    mergeQueueItem(shown, 'open', item('a', { version: 4, reportCount: 2 }), true);
    expect(shown.items[0]!.reportCount).toBe(2);
    mergeQueueItem(shown, 'open', item('a', { version: 5, status: 'resolved' }), true);
    expect(shown.items).toEqual([]);
    const resolved = page();
    mergeQueueItem(resolved, 'resolved', item('a', { version: 5, status: 'resolved' }), true);
    expect(resolved.items).toHaveLength(1);
  });

  it('adds an audit entry on top, once', () => {
    const entry = { id: 'moderation-x@1' } as AuditEntry;
    const audit = { entries: [{ id: 'moderation-y@1' } as AuditEntry], nextCursor: null };
    mergeAuditEntry(audit, entry);
    mergeAuditEntry(audit, entry);
    expect(audit.entries.map((e) => e.id)).toEqual(['moderation-x@1', 'moderation-y@1']);
  });
});

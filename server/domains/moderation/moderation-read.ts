import { sql, type RawBuilder } from 'kysely';
import type {
  AuditEntry,
  AuditPage,
  ModerationItem,
  Moderator,
  QueuePage,
  QueueStatus,
} from '../../../shared/moderation';
import { value, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { decodeCursor, encodeCursor } from './cursor';

export const QUEUE_PAGE = 20;
export const AUDIT_PAGE = 50;
/** How a member whose account was deleted reads in the queue and the audit list. */
export const DELETED_MEMBER = 'Deleted member';

interface PersonColumns {
  id: string | null;
  username: string | null;
  display_name: string | null;
  avatar: string | null;
}

const person = (p: PersonColumns) => ({
  id: p.id,
  username: p.username,
  displayName: p.display_name ?? DELETED_MEMBER,
  avatar: p.avatar,
});

const iso = (at: string | Date) => new Date(at).toISOString();

interface ItemRow {
  target_id: string;
  target_type: 'post' | 'comment';
  post_id: string;
  status: QueueStatus;
  report_count: number;
  last_reported_at: Date;
  last_action: ModerationItem['lastAction'];
  version: number;
  title: string | null;
  excerpt: string | null;
  moderation_state: ModerationItem['moderationState'];
  moderation_reason: string | null;
  author: PersonColumns;
  reports: {
    id: string;
    reason: ModerationItem['reports'][number]['reason'];
    note: string | null;
    created_at: string;
    reporter: PersonColumns;
  }[];
}

function presentItem(row: ItemRow): ModerationItem {
  const reasonCounts: Record<string, number> = {};
  for (const report of row.reports)
    reasonCounts[report.reason] = (reasonCounts[report.reason] ?? 0) + 1;
  return {
    targetType: row.target_type,
    targetId: row.target_id,
    postId: row.post_id,
    title: row.title ?? '',
    excerpt: row.excerpt ?? '',
    author: person(row.author),
    moderationState: row.moderation_state,
    moderationReason: row.moderation_reason,
    status: row.status,
    reportCount: row.report_count,
    reasonCounts,
    reports: row.reports.map((r) => ({
      id: r.id,
      reporter: person(r.reporter),
      reason: r.reason,
      note: r.note,
      createdAt: iso(r.created_at),
    })),
    lastReportedAt: row.last_reported_at.toISOString(),
    lastAction: row.last_action,
    version: row.version,
  };
}

const personJson = (alias: string) => sql`json_build_object('id', ${sql.ref(`${alias}.id`)},
  'username', ${sql.ref(`${alias}.username`)}, 'display_name', ${sql.ref(`${alias}.display_name`)},
  'avatar', ${sql.ref(`${alias}.avatar`)})`;

/**
 * Queue items with the content as it is now (its excerpt, author and moderation state, null
 * once deleted) and every report, newest first: one statement for any number of items.
 */
function itemRows(db: Db, where: RawBuilder<boolean>, limit: number): Promise<ItemRow[]> {
  return sql<ItemRow>`
    select i.target_id, i.target_type, i.post_id, i.status, i.report_count, i.last_reported_at,
      i.last_action, i.version, p.title,
      case when i.target_type = 'post' then left(p.content, 280) else left(c.content, 280) end
        as excerpt,
      case when i.target_type = 'post' then p.moderation_state else c.moderation_state end
        as moderation_state,
      case when i.target_type = 'post' then p.moderation_reason else c.moderation_reason end
        as moderation_reason,
      ${personJson('u')} as author,
      (select coalesce(json_agg(json_build_object('id', r.id, 'reason', r.reason,
          'note', r.note, 'created_at', r.created_at, 'reporter', ${personJson('ru')})
          order by r.created_at desc, r.id desc), '[]'::json)
        from content_reports r left join users ru on ru.id = r.reporter_id
        where r.target_id = i.target_id) as reports
    from moderation_items i
    left join posts p on p.id = i.post_id
    left join comments c on i.target_type = 'comment' and c.id = i.target_id
    left join users u on u.id = i.author_id
    where ${where}
    order by i.last_reported_at desc, i.target_id desc
    limit ${limit}`
    .execute(db)
    .then((result) => result.rows);
}

/** One page of the queue, open or resolved, the most recently reported first. */
export async function readQueue(
  db: Db,
  status: QueueStatus,
  cursor: string | undefined,
): Promise<QueuePage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const where = after
    ? sql<boolean>`i.status = ${status}
        and (i.last_reported_at, i.target_id) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql<boolean>`i.status = ${status}`;
  const rows = await itemRows(db, where, QUEUE_PAGE + 1);
  const page = rows.slice(0, QUEUE_PAGE);
  const last = page.at(-1);
  return {
    items: page.map(presentItem),
    nextCursor:
      rows.length > QUEUE_PAGE && last ? encodeCursor(last.last_reported_at, last.target_id) : null,
  };
}

/** Whole items by target, for the live queue. */
export async function readItems(db: Db, targetIds: readonly string[]): Promise<ModerationItem[]> {
  if (targetIds.length === 0) return [];
  const rows = await itemRows(
    db,
    sql<boolean>`i.target_id = any(${[...targetIds]}::uuid[])`,
    targetIds.length,
  );
  return rows.map(presentItem);
}

interface AuditRow {
  id: string;
  action: AuditEntry['action'];
  target_type: AuditEntry['targetType'];
  target_id: string;
  reason: string;
  until: string | null;
  created_at: string;
  moderator: PersonColumns;
  member: PersonColumns;
}

function presentAudit(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    moderator: person(row.moderator),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    member: person(row.member),
    reason: row.reason,
    until: row.until === null ? null : iso(row.until),
    createdAt: iso(row.created_at),
  };
}

/** The audit entries as JSON rows, the moderator's and the member's names beside them. */
const auditJson = (where: RawBuilder<boolean>, limit: number) => sql<AuditRow[]>`
  (select coalesce(json_agg(e order by e.created_at desc, e.id desc), '[]'::json) from (
    select a.id, a.action, a.target_type, a.target_id, a.reason, a.until, a.created_at,
      ${personJson('mu')} as moderator, ${personJson('tu')} as member
    from moderation_audit a
    left join users mu on mu.id = a.moderator_id
    left join users tu on tu.id = a.member_id
    where ${where}
    order by a.created_at desc, a.id desc
    limit ${limit}) e)`;

/** One entry, as a command's reply: the audit row its event just projected. */
export function auditEntryReply(id: string): Read<AuditEntry | null> {
  const read = value(auditJson(sql<boolean>`a.id = ${id}`, 1));
  return { ...read, pick: (found) => read.pick(found).map(presentAudit)[0] ?? null };
}

export async function readAuditEntries(db: Db, ids: readonly string[]): Promise<AuditEntry[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ value: AuditRow[] }>`select ${auditJson(
    sql<boolean>`a.id = any(${[...ids]}::text[])`,
    ids.length,
  )} as value`.execute(db);
  return (rows[0]?.value ?? []).map(presentAudit);
}

/** One page of the audit list, newest first. */
export async function readAudit(db: Db, cursor: string | undefined): Promise<AuditPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const where = after
    ? sql<boolean>`(a.created_at, a.id) < (${after.at}::timestamptz, ${after.id})`
    : sql<boolean>`true`;
  const { rows } = await sql<{ value: AuditRow[] }>`select ${auditJson(
    where,
    AUDIT_PAGE + 1,
  )} as value`.execute(db);
  const all = rows[0]?.value ?? [];
  const page = all.slice(0, AUDIT_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map(presentAudit),
    nextCursor:
      all.length > AUDIT_PAGE && last ? encodeCursor(new Date(last.created_at), last.id) : null,
  };
}

/** Everyone who moderates: owners first, then moderators, by name. */
export async function readModerators(db: Db): Promise<Moderator[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'avatar', 'role'])
    .where('role', 'in', ['moderator', 'owner'])
    .orderBy(sql`role = 'owner'`, 'desc')
    .orderBy('display_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatar: row.avatar,
    role: row.role === 'owner' ? 'owner' : 'moderator',
  }));
}

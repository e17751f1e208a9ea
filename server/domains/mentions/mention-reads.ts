import { sql, type RawBuilder } from 'kysely';
import { mentionHandles } from '../../../shared/mentions';
import type { PostVisibility } from '../../../shared/posts';
import { value, type Read } from '../../core/reads';
import {
  inBlocksOf,
  member,
  postAudienceAdmits,
  postVisible,
  type MemberRef,
} from '../relations/relations-policy';
import type { StoredTemplate } from '../email/template-store';
import { wants } from '../notifications/preferences';
import { idOrNone } from '../posts/streams';
import { communityContentVisible } from '../communities/community-policy';
import type { MentionCandidate } from './mention-decision';
import { mentionTemplate } from '../email/templates';

/** A candidate, with their username now and the address a mention email goes to when they want one. */
export interface MentionRecipient extends MentionCandidate {
  username: string;
  email: string | null;
}

/**
 * The handles a text read by the statement itself may mention: every `@` followed by a username's
 * letters, a superset of what `mentionHandles` finds in it (Postgres's regular expressions know no
 * Unicode classes), which the decision then narrows to the text's own mentions.
 */
const storedHandles = (content: RawBuilder<string | null>) =>
  sql<string[]>`array(select lower(h[1])
    from regexp_matches(coalesce(${content}, ''), '@([A-Za-z0-9_]{3,30})', 'g') h)`;

/**
 * The members `content` (or a text the statement reads, such as a version being restored) may
 * name: those with a mentioned username, and those the text (`previous` answering its `mentions`
 * column) named before, each with whether `maySee` lets them see it (an inactive member never
 * does). One statement, read with the command's other reads; the two
 * lookups stay apart so each takes its index (`users_username_lower`, the key): every post and
 * comment written runs it, most naming nobody.
 */
function candidates(
  content: string | readonly string[] | RawBuilder<string | null>,
  previous: RawBuilder<unknown>,
  maySee: (candidate: MemberRef) => RawBuilder<boolean>,
  /** Who alone may be named at all, when not every member may. */
  among: (candidate: MemberRef) => RawBuilder<boolean> = () => sql<boolean>`true`,
): RawBuilder<MentionRecipient[]> {
  const handles =
    typeof content === 'string'
      ? mentionHandles(content)
      : Array.isArray(content)
        ? [...new Set(content.flatMap(mentionHandles))]
        : storedHandles(content as RawBuilder<string | null>);
  const candidate = sql.ref('u.id');
  return sql<MentionRecipient[]>`coalesce((select json_agg(r) from (
      select u.id as "memberId", lower(u.username) as handle, u.username,
        (u.status = 'active' and ${maySee(candidate)}) as "maySee",
        case when u.status = 'active' and ${wants(candidate, 'mention', 'email')}
          then u.email end as email
      from users u
      where u.id in (
        select named.id from users named where lower(named.username) = any(${handles}::text[])
        union
        select (m ->> 'memberId')::uuid
        from jsonb_array_elements(coalesce(${previous}, '[]'::jsonb)) m)
        and ${among(candidate)}) r), '[]')`;
}

/**
 * Who a post's text may name and whether each may see the post once published with
 * `visibility`: the post need not exist yet, and a draft is judged as it will be published.
 */
export function postMentionCandidates(input: PostText): Read<MentionRecipient[]> {
  return value(postCandidates(input));
}

interface PostText {
  postId: string;
  /** The author's id, or an operand reading it (an owner may change another member's post). */
  author: string | MemberRef;
  /** The text, several texts, or an operand reading it (a version restored, a backup's). */
  content: string | readonly string[] | RawBuilder<string | null>;
  visibility: PostVisibility | RawBuilder<PostVisibility>;
}

/**
 * Who the texts of posts an import creates may name, by the visibility each is imported with:
 * one lookup per visibility the records have, all in one statement, however many records.
 */
export function importedMentionCandidates(
  authorId: string,
  records: readonly { content: string; visibility: PostVisibility }[],
): Read<Partial<Record<PostVisibility, MentionRecipient[]>>> {
  const byVisibility = new Map<PostVisibility, string[]>();
  for (const { content, visibility } of records) {
    byVisibility.set(visibility, [...(byVisibility.get(visibility) ?? []), content]);
  }
  const groups = [...byVisibility].map(
    ([visibility, texts]) =>
      sql`${visibility}::text, ${postCandidates({
        postId: '',
        author: authorId,
        // Every text's handles: each record's own are picked from them as it is decided.
        content: texts,
        visibility,
      })}`,
  );
  return value(
    sql<
      Partial<Record<PostVisibility, MentionRecipient[]>>
    >`json_build_object(${sql.join(groups)})`,
  );
}

function postCandidates(input: PostText): RawBuilder<MentionRecipient[]> {
  const postId = idOrNone(input.postId);
  const author = typeof input.author === 'string' ? member(input.author) : input.author;
  const post = sql`(select ${postId}::uuid as id) as p`;
  const setting = sql`${input.visibility}::text`;
  return candidates(
    input.content,
    sql`(select mentions from posts where id = ${postId}::uuid)`,
    (candidate) => sql<boolean>`exists (select 1 from ${post}
      where not ${inBlocksOf(author, candidate)}
        and ${postAudienceAdmits('p', setting, 'view', candidate, author)})`,
  );
}

/**
 * Who a comment's text may name, and whether each may see the post it is on: `postId` for a new
 * comment, else the post of the comment already written.
 */
export function commentMentionCandidates(input: {
  postId?: string;
  commentId: string;
  content: string;
}): Read<MentionRecipient[]> {
  const commentId = idOrNone(input.commentId);
  const postId =
    input.postId === undefined
      ? sql`(select post_id from comments where id = ${commentId}::uuid)`
      : sql`${idOrNone(input.postId)}::uuid`;
  return value(
    candidates(
      input.content,
      sql`(select mentions from comments where id = ${commentId}::uuid)`,
      (candidate) => sql<boolean>`exists (select 1 from posts p
      where p.id = ${postId} and ${postVisible('p', candidate)})`,
    ),
  );
}

/**
 * Who a community post's or discussion reply's text may name, and whether each may read the
 * community's content (and has not blocked the author, nor been blocked).
 */
export function communityMentionCandidates(input: {
  /** The community's id, or an operand reading it (a reply's, from its discussion). */
  community: string | RawBuilder<unknown>;
  authorId: string;
  content: string;
}): Read<MentionRecipient[]> {
  const author = member(input.authorId);
  const community =
    typeof input.community === 'string' ? sql`${idOrNone(input.community)}::uuid` : input.community;
  return value(
    candidates(
      input.content,
      sql`null`,
      (candidate) => sql<boolean>`(not ${inBlocksOf(author, candidate)}
      and ${communityContentVisible(community, candidate)})`,
    ),
  );
}

/**
 * Who a message's text may name: the conversation's participants only, since nobody else may
 * read it (anyone else named stays plain text and learns nothing), each told unless they blocked
 * the author or were blocked.
 */
export function messageMentionCandidates(input: {
  conversationId: string;
  authorId: string;
  content: string;
}): Read<MentionRecipient[]> {
  const author = member(input.authorId);
  return value(
    candidates(
      input.content,
      sql`null`,
      (candidate) => sql<boolean>`not ${inBlocksOf(author, candidate)}`,
      (candidate) => sql<boolean>`exists (select 1 from conversation_members cm
      where cm.conversation_id = ${idOrNone(input.conversationId)}::uuid
        and cm.user_id = ${candidate})`,
    ),
  );
}

/** The mention email's template and the author's name, read with the command. */
export interface MentionEmailContext {
  template: StoredTemplate | null;
  authorName: string | null;
}

export function mentionEmailRead(author: string | MemberRef): Read<MentionEmailContext> {
  const authorId = typeof author === 'string' ? member(author) : author;
  return value(sql<MentionEmailContext>`json_build_object(
    'template', (select row_to_json(t) from email_templates t where t.name = ${mentionTemplate.name}),
    'authorName', (select a.display_name from users a where a.id = ${authorId}))`);
}

/** A post's author as a policy operand, for a command that may change another member's post. */
export const postAuthor = (postId: string): MemberRef =>
  sql`(select author_id from posts where id = ${idOrNone(postId)}::uuid)`;

/**
 * The reads of a command that changes a post's text for its mentions: whom the text (or, when
 * `content` is not changed, the text as it was) may name, and the email's context.
 */
export function postMentionReads(input: {
  postId: string;
  author: string | MemberRef;
  content: string | undefined;
  visibility: PostVisibility | undefined;
}) {
  return {
    mentionable: postMentionCandidates({
      postId: input.postId,
      author: input.author,
      content: input.content ?? '',
      visibility:
        input.visibility ??
        sql<PostVisibility>`(select visibility from posts where id = ${idOrNone(input.postId)}::uuid)`,
    }),
    mentionEmail: mentionEmailRead(input.author),
  };
}

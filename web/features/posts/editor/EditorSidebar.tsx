import type { ReactNode } from 'react';
import type { PostAuthor, PostStatus } from '../../../../shared/posts';
import { Avatar } from '../../../components/UserCard';
import { authorName } from '../card/cardText';
import { readTimeText } from '../my-posts/myPosts';
import { StatusBadge } from '../my-posts/PostBadges';
import { readingOf, type PostFormValues } from './postForm';

export interface EditorSidebarProps {
  author: Pick<PostAuthor, 'displayName' | 'username' | 'avatar'>;
  status: PostStatus;
  values: PostFormValues;
  dirty: boolean;
  /** Whether the post exists on the server yet. */
  stored: boolean;
}

function saveState(dirty: boolean, stored: boolean): string {
  if (dirty) return 'Unsaved changes';
  return stored ? 'All changes saved' : 'Not saved yet';
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Author, status, word count and read time as the author types, and the label counts (001 §2). */
export function EditorSidebar({ author, status, values, dirty, stored }: EditorSidebarProps) {
  const name = authorName(author);
  const reading = readingOf(values.content);
  return (
    <aside
      aria-label="Post details"
      className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs"
    >
      <div className="flex items-center gap-3">
        <Avatar name={name} src={author.avatar} className="size-10" />
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">Author</p>
          <p className="truncate font-semibold" data-testid="editor-author">
            {name}
          </p>
        </div>
      </div>
      <dl className="divide-y">
        <Row label="Status">
          <StatusBadge status={status} />
        </Row>
        <Row label="Word count" testId="editor-word-count">
          {reading.wordCount}
        </Row>
        <Row label="Read time" testId="editor-read-time">
          {readTimeText(reading.readTime)}
        </Row>
        <Row label="Categories" testId="editor-category-count">
          {values.categories.length}
        </Row>
        <Row label="Tags" testId="editor-tag-count">
          {values.tags.length}
        </Row>
      </dl>
      <p
        aria-live="polite"
        className="text-xs text-muted-foreground"
        data-testid="editor-save-state"
      >
        {saveState(dirty, stored)}
      </p>
    </aside>
  );
}

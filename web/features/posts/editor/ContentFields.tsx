import type { Ref, RefObject } from 'react';
import { CONTENT_MAX, EXCERPT_MAX, TITLE_MAX } from '../../../../shared/posts';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useMentionCombobox } from '../../mentions';
import { textareaClass } from '../../../components/controls';
import type { PostFormValues } from './postForm';

/** The field a refused publish points at, until the member edits it. */
export type MissingField = 'title' | 'content' | null;

export interface ContentFieldsProps {
  values: PostFormValues;
  onChange: (change: Partial<PostFormValues>) => void;
  missing: MissingField;
  titleRef: Ref<HTMLInputElement>;
  contentRef: RefObject<HTMLTextAreaElement | null>;
  /** The content box's height in lines: smaller in a dialog than on the editor's page. */
  contentRows?: number;
}

/** The content tab (001 §2): title, content and excerpt; the quote composer's text too. */
export function ContentFields({
  values,
  onChange,
  missing,
  titleRef,
  contentRef,
  contentRows = 16,
}: ContentFieldsProps) {
  const mentions = useMentionCombobox({
    text: values.content,
    onText: (content) => onChange({ content }),
    field: contentRef,
  });
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="post-title">Title</Label>
        <Input
          ref={titleRef}
          id="post-title"
          data-testid="editor-title"
          value={values.title}
          maxLength={TITLE_MAX}
          placeholder="Give your post a title"
          aria-invalid={missing === 'title' ? true : undefined}
          onChange={(event) => onChange({ title: event.target.value })}
          className="h-11 text-base font-medium"
        />
      </div>
      <div className="relative grid gap-2">
        <Label htmlFor="post-content">Content</Label>
        <textarea
          {...mentions.fieldProps}
          ref={contentRef}
          onKeyDown={mentions.onKeyDown}
          id="post-content"
          data-testid="editor-content"
          value={values.content}
          maxLength={CONTENT_MAX}
          rows={contentRows}
          placeholder="Write your post..."
          aria-invalid={missing === 'content' ? true : undefined}
          onChange={(event) => onChange({ content: event.target.value })}
          className={textareaClass}
        />
        {mentions.list}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="post-excerpt">Excerpt</Label>
        <textarea
          id="post-excerpt"
          data-testid="editor-excerpt"
          value={values.excerpt}
          maxLength={EXCERPT_MAX}
          rows={3}
          placeholder="A short summary shown on post cards"
          aria-describedby="post-excerpt-hint"
          onChange={(event) => onChange({ excerpt: event.target.value })}
          className={textareaClass}
        />
        <p id="post-excerpt-hint" className="text-xs text-muted-foreground">
          Optional. Up to {EXCERPT_MAX} characters.
        </p>
      </div>
    </div>
  );
}

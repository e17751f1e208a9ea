import { useId, useState, type FormEvent } from 'react';
import { COMMUNITY_POST_CATEGORIES, type CommunityPostCategory } from '../../../shared/communities';
import {
  DISCUSSION_CONTENT_MAX,
  DISCUSSION_TITLE_MAX,
} from '../../../shared/community-content/limits';
import { isBlank } from '../../../shared/api/text';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { errorDetail } from '../../lib/errorDetail';
import { useStartDiscussionMutation } from './communityContentApi';
import { parseTags } from './communityContentCache';
import { fieldClass } from './fieldStyles';

/** The Start Discussion dialog: title, content, category and comma-separated tags. */
export function StartDiscussionDialog({
  communityId,
  open,
  onOpenChange,
  onStarted,
}: {
  communityId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: (discussionId: string) => void;
}) {
  const ids = useId();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<CommunityPostCategory>('discussion');
  const [tags, setTags] = useState('');
  const [start, { isLoading, error, reset }] = useStartDiscussionMutation();
  const ready = !isBlank(title) && !isBlank(content);

  const close = (next: boolean) => {
    if (!next) {
      setTitle('');
      setContent('');
      setTags('');
      reset();
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || isLoading) return;
    const result = await start({
      communityId,
      title: title.trim(),
      content,
      category,
      tags: parseTags(tags),
    });
    if ('data' in result && result.data) {
      close(false);
      onStarted(result.data.id);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Start Discussion</DialogTitle>
        <DialogDescription>Ask a question or open a topic for the community.</DialogDescription>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <TextField
            id={`${ids}-title`}
            label="Title"
            value={title}
            maxLength={DISCUSSION_TITLE_MAX}
            required
            onChange={(event) => setTitle(event.target.value)}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-content`}>Content</Label>
            <textarea
              id={`${ids}-content`}
              value={content}
              rows={5}
              required
              maxLength={DISCUSSION_CONTENT_MAX}
              onChange={(event) => setContent(event.target.value)}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-category`}>Category</Label>
            <select
              id={`${ids}-category`}
              value={category}
              onChange={(event) => setCategory(event.target.value as CommunityPostCategory)}
              className={fieldClass}
            >
              {COMMUNITY_POST_CATEGORIES.filter((c) => c !== 'announcement').map((c) => (
                <option key={c} value={c}>
                  {c[0]!.toUpperCase() + c.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id={`${ids}-tags`}
            label="Tags"
            placeholder="Comma-separated, e.g. help, react"
            value={tags}
            onChange={(event) => setTags(event.target.value)}
          />
          {error && <Alert>{errorDetail(error) ?? 'Could not start the discussion.'}</Alert>}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={!ready || isLoading}>
              {isLoading ? 'Starting...' : 'Start Discussion'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isBlank } from '../../../shared/api/text';
import {
  COMMUNITY_POST_CATEGORIES,
  type CommunityPostCategory,
} from '../../../shared/communities/constants';
import { COMMUNITY_POST_MAX } from '../../../shared/community-content/limits';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { errorDetail } from '../../lib/errorDetail';
import { useMentionCombobox } from '../mentions';
import { useCreateCommunityPostMutation } from './communityContentApi';
import { parseTags } from './communityContentCache';
import { fieldClass } from './fieldStyles';

const label = (category: string) => category[0]!.toUpperCase() + category.slice(1);

/**
 * The hub's inline Create Post form (001 §2): category, text and comma-separated tags; Post is
 * disabled while the text is blank; the new post goes first, then the form resets and closes.
 * The announcement category is offered to admins and moderators only.
 */
export function CreatePostForm({
  communityId,
  canManage,
  onDone,
}: {
  communityId: string;
  canManage: boolean;
  onDone: () => void;
}) {
  const ids = useId();
  const [category, setCategory] = useState<CommunityPostCategory>('general');
  const [content, setContent] = useState('');
  const contentField = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionCombobox({ text: content, onText: setContent, field: contentField });
  const [tags, setTags] = useState('');
  const [create, { isLoading, error }] = useCreateCommunityPostMutation();
  const categories = COMMUNITY_POST_CATEGORIES.filter((c) => canManage || c !== 'announcement');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(content) || isLoading) return;
    const result = await create({ communityId, category, content, tags: parseTags(tags) });
    if ('data' in result) {
      setCategory('general');
      setContent('');
      setTags('');
      onDone();
    }
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <form
          className="grid gap-3"
          aria-label="Create Post"
          onSubmit={(event) => void submit(event)}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-category`}>Category</Label>
            <select
              id={`${ids}-category`}
              value={category}
              onChange={(event) => setCategory(event.target.value as CommunityPostCategory)}
              className={fieldClass}
            >
              {categories.map((c) => (
                <option key={c} value={c}>
                  {label(c)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-content`}>What's on your mind?</Label>
            <div className="relative">
              <textarea
                {...mentions.fieldProps}
                ref={contentField}
                id={`${ids}-content`}
                value={content}
                rows={4}
                maxLength={COMMUNITY_POST_MAX}
                onChange={(event) => setContent(event.target.value)}
                onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => mentions.onKeyDown(event)}
                className={fieldClass}
              />
              {mentions.list}
            </div>
          </div>
          <TextField
            id={`${ids}-tags`}
            label="Tags"
            placeholder="Comma-separated, e.g. news, help"
            value={tags}
            onChange={(event) => setTags(event.target.value)}
          />
          {error && <Alert>{errorDetail(error) ?? 'Could not post. Please try again.'}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBlank(content) || isLoading}>
              {isLoading ? 'Posting...' : 'Post'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

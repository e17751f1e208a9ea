import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { firstLinkIn } from '../../../../shared/link-previews';
import type { Post } from '../../../../shared/posts';
import { useCreatePostMutation, useEditPostMutation } from '../postsApi';
import { editorText } from './editorText';
import {
  createBody,
  EMPTY_POST_FORM,
  formOfPost,
  isDirty,
  patchBody,
  saveFailureText,
  type PostFormValues,
} from './postForm';

/** Save Draft or Publish Post. */
export type SaveKind = 'draft' | 'published';

export interface PostEditor {
  values: PostFormValues;
  change: (change: Partial<PostFormValues>) => void;
  dirty: boolean;
  /** The post as the server last answered it; null for a new post not saved yet. */
  stored: Post | null;
  saving: SaveKind | null;
  /** Saves with the status; the answer, or null when it failed (the member is told) or a save was already under way. */
  save: (kind: SaveKind) => Promise<Post | null>;
  /** The link whose card the author removed before publishing, and how to change it. */
  declinedPreview: string | null;
  declinePreview: (url: string | null) => void;
}

const TOASTS: Record<SaveKind, { done: [string, string]; failed: [string, string] }> = {
  draft: {
    done: [editorText.draftSavedTitle, editorText.draftSaved],
    failed: [editorText.saveFailedTitle, editorText.saveFailed],
  },
  published: {
    done: [editorText.publishedTitle, editorText.published],
    failed: [editorText.publishFailedTitle, editorText.publishFailed],
  },
};

/**
 * The editor's values against the post as last saved. The first save of a new post creates it;
 * every later save, and every save of an existing post, sends only what changed. A newer state
 * of the post from the server (the answer to the page's own fresh load, or an edit made in
 * another tab) replaces the form while nothing is unsaved, and is left alone otherwise.
 */
export function usePostEditor(post: Post | null): PostEditor {
  const [values, setValues] = useState(() => (post ? formOfPost(post) : EMPTY_POST_FORM));
  const [baseline, setBaseline] = useState(values);
  const [stored, setStored] = useState(post);
  const [given, setGiven] = useState(post);
  const [saving, setSaving] = useState<SaveKind | null>(null);
  const [declinedPreview, declinePreview] = useState<string | null>(null);
  // Set at once, unlike `saving`: a double click must not create the post twice.
  const pending = useRef(false);
  const [createPost] = useCreatePostMutation();
  const [editPost] = useEditPostMutation();
  const dirty = isDirty(baseline, values);

  if (post !== given) {
    setGiven(post);
    if (post && !dirty && saving === null && post.version > (stored?.version ?? -1)) {
      setStored(post);
      setValues(formOfPost(post));
      setBaseline(formOfPost(post));
    }
  }

  async function save(kind: SaveKind): Promise<Post | null> {
    const [doneTitle, done] = TOASTS[kind].done;
    const [failedTitle, failed] = TOASTS[kind].failed;
    if (pending.current) return null;
    pending.current = true;
    setSaving(kind);
    try {
      const linkPreview = !declinedPreview || firstLinkIn(values.content) !== declinedPreview;
      const saved = stored
        ? await editPost({
            id: stored.id,
            patch: {
              ...patchBody(baseline, values, kind),
              ...(linkPreview ? {} : { linkPreview }),
            },
          }).unwrap()
        : await createPost(createBody(values, kind, linkPreview)).unwrap();
      setStored(saved);
      setBaseline(formOfPost(saved));
      toast.success(doneTitle, { description: done });
      return saved;
    } catch (failure) {
      toast.error(failedTitle, { description: saveFailureText(failure, failed) });
      return null;
    } finally {
      pending.current = false;
      setSaving(null);
    }
  }

  return {
    values,
    change: (change) => setValues((held) => ({ ...held, ...change })),
    dirty,
    stored,
    saving,
    save,
    declinedPreview,
    declinePreview,
  };
}

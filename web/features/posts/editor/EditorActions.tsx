import { ArrowLeft, Save, Send } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { SaveKind } from './usePostEditor';

export interface EditorActionsProps {
  saving: SaveKind | null;
  /** A save or an image upload is under way. */
  busy: boolean;
  onSaveDraft: () => void;
  onPublish: () => void;
}

/**
 * Back to Posts, Save Draft and Publish Post (001 §2), pinned to the bottom of the window: in
 * reach however long the post, and clear of the toasts, which appear at the top right.
 */
export function EditorActions({ saving, busy, onSaveDraft, onPublish }: EditorActionsProps) {
  return (
    <div
      role="toolbar"
      aria-label="Post actions"
      className="sticky bottom-0 z-20 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-2 border-t bg-background/90 px-4 py-3 backdrop-blur md:-mx-8 md:px-8"
    >
      <Button asChild variant="ghost">
        <Link to="/posts" data-testid="editor-back">
          <ArrowLeft aria-hidden />
          Back to Posts
        </Link>
      </Button>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={onSaveDraft}
          disabled={busy}
          data-testid="editor-save-draft"
        >
          {saving === 'draft' ? <Spinner /> : <Save aria-hidden />}
          {saving === 'draft' ? 'Saving...' : 'Save Draft'}
        </Button>
        <Button onClick={onPublish} disabled={busy} data-testid="editor-publish">
          {saving === 'published' ? <Spinner /> : <Send aria-hidden />}
          {saving === 'published' ? 'Publishing...' : 'Publish Post'}
        </Button>
      </div>
    </div>
  );
}

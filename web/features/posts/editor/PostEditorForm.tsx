import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { Post, PostAuthor } from '../../../../shared/posts';
import { PageHeader } from '../../../components/PageHeader';
import { TabStrip } from '../../../components/TabStrip';
import { EditorLinkPreview } from '../../link-previews';
import { AttachedMediaField } from './AttachedMediaField';
import { EditorActions } from './EditorActions';
import { ContentFields, type MissingField } from './ContentFields';
import { EditorSidebar } from './EditorSidebar';
import { FeaturedImageField } from './FeaturedImageField';
import { LeaveDialog } from './LeaveDialog';
import { publishRefusal } from './postForm';
import { SettingsFields } from './SettingsFields';
import { useFeaturedImageUpload } from './useFeaturedImageUpload';
import { useLeaveGuard } from './useLeaveGuard';
import { usePostEditor } from './usePostEditor';

type EditorTab = 'content' | 'media' | 'settings';

const EDITOR_TABS: { value: EditorTab; label: string }[] = [
  { value: 'content', label: 'Content' },
  { value: 'media', label: 'Media' },
  { value: 'settings', label: 'Settings' },
];

function isEditorTab(value: string): value is EditorTab {
  return EDITOR_TABS.some((tab) => tab.value === value);
}

export interface PostEditorFormProps {
  /** The post to edit, or null to write a new one. */
  post: Post | null;
  author: Pick<PostAuthor, 'displayName' | 'username' | 'avatar'>;
}

const tabContentClass = 'focus-visible:outline-none data-[state=inactive]:hidden';

/**
 * Create and edit (001 §2, §4, §5): Save Draft keeps the member here, Publish Post goes to My
 * Posts once saved, and any other way out asks first while changes are unsaved. The tabs stay
 * mounted when hidden, so a half-typed tag or an upload under way survives a look elsewhere.
 */
export function PostEditorForm({ post, author }: PostEditorFormProps) {
  const editor = usePostEditor(post);
  const { values, change, dirty, stored, saving } = editor;
  const [tab, setTab] = useState<EditorTab>('content');
  const [missing, setMissing] = useState<MissingField>(null);
  const [published, setPublished] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const navigate = useNavigate();
  const blocker = useLeaveGuard(dirty);
  const uploader = useFeaturedImageUpload((featuredImage) => change({ featuredImage }));
  const busy = saving !== null || uploader.upload.phase === 'uploading';

  // Runs after the render in which the saved post became the baseline, so the guard lets it go.
  useEffect(() => {
    if (published && !dirty) void navigate('/posts');
  }, [published, dirty, navigate]);

  function edit(next: Parameters<typeof change>[0]) {
    change(next);
    if (missing && missing in next) setMissing(null);
  }

  function publish() {
    const refusal = publishRefusal(values);
    if (refusal) {
      toast.error(refusal.title, { description: refusal.description });
      // The field must be on screen before it can take the focus.
      flushSync(() => {
        setTab('content');
        setMissing(refusal.field);
      });
      (refusal.field === 'title' ? titleRef : contentRef).current?.focus();
      return;
    }
    void editor.save('published').then((saved) => {
      if (saved) setPublished(true);
    });
  }

  return (
    <>
      <PageHeader
        title={post ? 'Edit Post' : 'Create Post'}
        description={
          post
            ? 'Update the content and settings of your post.'
            : 'Write a new post, add media and choose who can see it.'
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs.Root
          value={tab}
          onValueChange={(value) => isEditorTab(value) && setTab(value)}
          className="flex min-w-0 flex-col gap-4"
        >
          <TabStrip label="Post editor sections" tabs={EDITOR_TABS} />
          <Tabs.Content value="content" forceMount className={`grid gap-5 ${tabContentClass}`}>
            <ContentFields
              values={values}
              onChange={edit}
              missing={missing}
              titleRef={titleRef}
              contentRef={contentRef}
            />
            <EditorLinkPreview
              text={values.content}
              stored={editor.stored}
              declined={editor.declinedPreview}
              onDecline={editor.declinePreview}
            />
          </Tabs.Content>
          <Tabs.Content value="media" forceMount className={`grid gap-8 ${tabContentClass}`}>
            <FeaturedImageField
              url={values.featuredImage}
              uploader={uploader}
              onRemove={() => edit({ featuredImage: null })}
            />
            <AttachedMediaField media={values.media} onChange={(media) => edit({ media })} />
          </Tabs.Content>
          <Tabs.Content value="settings" forceMount className={tabContentClass}>
            <SettingsFields values={values} onChange={edit} />
          </Tabs.Content>
        </Tabs.Root>
        <EditorSidebar
          author={author}
          status={stored?.status ?? 'draft'}
          values={values}
          dirty={dirty}
          stored={stored !== null}
        />
      </div>
      <EditorActions
        saving={saving}
        busy={busy}
        onSaveDraft={() => void editor.save('draft')}
        onPublish={publish}
      />
      <LeaveDialog blocker={blocker} />
    </>
  );
}

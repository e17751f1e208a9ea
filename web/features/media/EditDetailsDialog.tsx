import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DESCRIPTION_MAX, type FileUpdate, type MediaFile } from '../../../shared/media';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { apiErrorOf } from '../../lib/formErrors';
import { useUpdateFileMutation } from './mediaApi';
import { commitDraft, sameTags, type TagDraft } from './tagEditing';
import { TagsInput } from './TagsInput';

export interface EditDetailsDialogProps {
  file: MediaFile;
  onClose: () => void;
}

/** Only what changed, so an untouched field records no event on the server. */
function changesOf(file: MediaFile, tags: readonly string[], description: string): FileUpdate {
  return {
    ...(sameTags(tags, file.tags) ? {} : { tags: [...tags] }),
    ...(description === file.description ? {} : { description }),
  };
}

/** The owner's description and tags of one image or video (001 §3). */
export function EditDetailsDialog({ file, onClose }: EditDetailsDialogProps) {
  const [description, setDescription] = useState(file.description);
  const [tagDraft, setTagDraft] = useState<TagDraft>({
    tags: file.tags,
    draft: '',
    problem: null,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [updateFile, { isLoading }] = useUpdateFileMutation();
  const id = useId();
  const descriptionId = `${id}-description`;
  const counterId = `${id}-description-count`;
  const over = description.length - DESCRIPTION_MAX;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading || over > 0) return;
    // A tag still in the input counts as added; a refused one stops the save to be fixed.
    const tags = tagDraft.draft.trim()
      ? commitDraft(tagDraft.tags, tagDraft.draft)
      : { tags: tagDraft.tags, draft: '', problem: null };
    setTagDraft(tags);
    if (tags.problem) return;
    const change = changesOf(file, tags.tags, description);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setProblem(null);
    try {
      await updateFile({ key: file.key, change }).unwrap();
      toast.success(`Details of "${file.name}" saved`);
      onClose();
    } catch (failure) {
      setProblem(
        apiErrorOf(failure)?.message ?? 'The details could not be saved. Please try again.',
      );
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10000] bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[10000] grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border bg-popover p-6 text-popover-foreground shadow-xl data-[state=open]:animate-zoom-in">
          <div className="grid gap-1.5">
            <Dialog.Title className="text-lg font-semibold">Edit details</Dialog.Title>
            <Dialog.Description className="truncate text-sm text-muted-foreground">
              {file.name}
            </Dialog.Description>
          </div>
          <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" noValidate>
            <div className="grid gap-2">
              <Label htmlFor={descriptionId}>Description</Label>
              <textarea
                id={descriptionId}
                rows={4}
                value={description}
                onChange={(event) => {
                  setDescription(event.target.value);
                  setProblem(null);
                }}
                aria-invalid={over > 0 ? true : undefined}
                aria-describedby={counterId}
                className={cn(
                  'w-full resize-y rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs',
                  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
                  'aria-invalid:border-destructive',
                )}
              />
              <p
                id={counterId}
                className={cn(
                  'text-right text-xs tabular-nums',
                  over > 0 ? 'font-medium text-destructive' : 'text-muted-foreground',
                )}
              >
                {description.length} / {DESCRIPTION_MAX}
                {over > 0 && ` · ${over} characters too many`}
              </p>
            </div>
            <TagsInput
              id={`${id}-tags`}
              value={tagDraft}
              onChange={(next) => {
                setTagDraft(next);
                setProblem(null);
              }}
            />
            {problem && <Alert data-testid="edit-details-problem">{problem}</Alert>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isLoading || over > 0}>
                {isLoading && <Spinner />}
                Save
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'sonner';
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
import { Spinner } from '../../components/ui/spinner';
import {
  ContentFields,
  EMPTY_POST_FORM,
  type MissingField,
  type PostFormValues,
  publishRefusal,
  type QuotablePost,
  QUOTE_TEXTS,
  quoteBody,
  QuotedPost,
  quotedPreview,
  saveFailureText,
  useCreatePostMutation,
} from '../posts';

/**
 * The quote composer: the post editor's text fields, with their limits and the publish checks,
 * above the post quoted. Publishing creates the post quoting it and closes; a refusal keeps the
 * text and says why (the server's words when it turned the quote down, e.g. the original is gone).
 */
export default function QuoteDialog({
  post,
  onClose,
  returnFocus,
}: {
  post: QuotablePost;
  onClose: () => void;
  /** Where the focus goes back to on closing, while it is still on the page. */
  returnFocus: () => HTMLElement | null;
}) {
  const id = useId();
  const [values, setValues] = useState<PostFormValues>(EMPTY_POST_FORM);
  const [missing, setMissing] = useState<MissingField>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [createPost, { isLoading: publishing }] = useCreatePostMutation();
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // Set at once, unlike `publishing`: a second Enter before the next render must not post twice.
  const pending = useRef(false);

  function edit(change: Partial<PostFormValues>) {
    setValues((held) => ({ ...held, ...change }));
    if (missing && missing in change) setMissing(null);
  }

  async function publish() {
    if (pending.current) return;
    const refusal = publishRefusal(values);
    if (refusal) {
      flushSync(() => {
        setMissing(refusal.field);
        setProblem(refusal.description);
      });
      (refusal.field === 'title' ? titleRef : contentRef).current?.focus();
      return;
    }
    setProblem(null);
    pending.current = true;
    const answer = await createPost(quoteBody(values, post.id));
    pending.current = false;
    if ('error' in answer) {
      setProblem(saveFailureText(answer.error, QUOTE_TEXTS.failed));
      return;
    }
    toast.success(QUOTE_TEXTS.published);
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        aria-describedby={`${id}-description`}
        aria-busy={publishing}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const opener = returnFocus();
          if (opener?.isConnected) opener.focus();
        }}
        className="max-w-2xl"
        data-testid="quote-dialog"
      >
        <DialogTitle>{QUOTE_TEXTS.title}</DialogTitle>
        <DialogDescription id={`${id}-description`}>{QUOTE_TEXTS.description}</DialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <ContentFields
            values={values}
            onChange={edit}
            missing={missing}
            titleRef={titleRef}
            contentRef={contentRef}
            contentRows={5}
          />
          <section aria-label="Quoted post" className="grid gap-2">
            <QuotedPost quote={quotedPreview(post)} />
          </section>
          {problem && <Alert data-testid="quote-error">{problem}</Alert>}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={publishing} data-testid="quote-publish">
              {publishing ? <Spinner /> : <Send aria-hidden />}
              {publishing ? QUOTE_TEXTS.publishing : QUOTE_TEXTS.publish}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

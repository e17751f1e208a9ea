import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  moderationMessages,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '../../../shared/moderation';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { apiErrorOf } from '../../lib/formErrors';
import { useReportContentMutation } from './moderationApi';

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const SEND_FAILED = 'Your report could not be sent. Please try again.';

/**
 * Reports a post or comment: one reason (radio buttons, arrow keys move between them), an
 * optional note, Submit or Cancel. Loaded on first use, so no feed pays for it.
 */
export function ReportDialog({ targetType, targetId, open, onOpenChange }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, sending] = useReportContentMutation();
  const noteId = useId();
  const errorId = useId();
  const what = targetType === 'post' ? 'post' : 'comment';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Choose a reason.');
      return;
    }
    const trimmed = note.trim();
    const answer = await report({
      targetType,
      targetId,
      reason,
      ...(trimmed ? { note: trimmed } : {}),
    });
    if ('error' in answer) {
      setError(apiErrorOf(answer.error)?.message ?? SEND_FAILED);
      return;
    }
    toast.success(moderationMessages.reportSent);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="report-dialog">
        <DialogTitle>Report this {what}</DialogTitle>
        <DialogDescription>
          Tell the moderators what is wrong. The author is not told who reported it.
        </DialogDescription>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError(null);
                  }}
                  className="size-4 accent-primary"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <label htmlFor={noteId} className="text-sm font-medium">
              Note (optional)
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
            <p className="text-right text-xs text-muted-foreground">
              {note.length}/{REPORT_NOTE_MAX}
            </p>
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={sending.isLoading} data-testid="report-submit">
              Submit
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  MODERATION_REASON_MAX,
  SUSPENSION_DAYS_MAX,
  type ModerationAction,
  type ModerationActionRequest,
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
import { ACTION_TEXT } from './actionText';
import { useModerateMutation } from './moderationApi';

export interface ActionTarget {
  targetType: ModerationActionRequest['targetType'];
  targetId: string;
}

export interface ActionDialogProps {
  target: ActionTarget;
  /** The action asked for; null while the dialog is closed. */
  action: ModerationAction | null;
  onClose(): void;
}

const FAILED = 'The action could not be taken. Please try again.';

/**
 * Asks the reason of one action (required, 500 characters at most) and, for a suspension, its
 * length; removing and suspending then ask to confirm before anything is sent.
 */
export function ActionDialog({ target, action, onClose }: ActionDialogProps) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [indefinite, setIndefinite] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [moderate, sending] = useModerateMutation();
  const reasonId = useId();
  const daysId = useId();
  const errorId = useId();
  const text = action ? ACTION_TEXT[action] : null;

  const reset = () => {
    setReason('');
    setConfirming(false);
    setError(null);
    onClose();
  };

  const send = async () => {
    if (!action) return;
    const answer = await moderate({
      ...target,
      action,
      reason: reason.trim(),
      ...(action === 'suspend' && !indefinite ? { days: Number(days) } : {}),
    });
    if ('error' in answer) {
      setConfirming(false);
      setError(apiErrorOf(answer.error)?.message ?? FAILED);
      return;
    }
    toast.success(ACTION_TEXT[action].done);
    reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('A reason is required.');
      return;
    }
    const length = Number(days);
    if (action === 'suspend' && !indefinite && !(length >= 1 && length <= SUSPENSION_DAYS_MAX)) {
      setError(`A suspension lasts 1 to ${SUSPENSION_DAYS_MAX} days, or until lifted.`);
      return;
    }
    if (text?.confirm && !confirming) {
      setConfirming(true);
      return;
    }
    void send();
  };

  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && reset()}>
      <DialogContent data-testid="moderation-action-dialog">
        <DialogTitle>{text?.title}</DialogTitle>
        <DialogDescription>
          {confirming ? text?.confirm : 'The reason is recorded in the audit log with your name.'}
        </DialogDescription>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {!confirming && (
            <>
              <div className="grid gap-1.5">
                <label htmlFor={reasonId} className="text-sm font-medium">
                  Reason
                </label>
                <textarea
                  id={reasonId}
                  value={reason}
                  required
                  maxLength={MODERATION_REASON_MAX}
                  rows={3}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setError(null);
                  }}
                  className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  data-testid="moderation-reason"
                />
              </div>
              {action === 'suspend' && (
                <div className="flex flex-wrap items-center gap-3">
                  <label htmlFor={daysId} className="text-sm font-medium">
                    Days
                  </label>
                  <input
                    id={daysId}
                    type="number"
                    min={1}
                    max={SUSPENSION_DAYS_MAX}
                    value={days}
                    disabled={indefinite}
                    onChange={(event) => setDays(event.target.value)}
                    className="h-9 w-24 rounded-md border border-input bg-background px-2 text-sm"
                  />
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={indefinite}
                      onChange={(event) => setIndefinite(event.target.checked)}
                      className="size-4 accent-primary"
                    />
                    Until lifted
                  </label>
                </div>
              )}
            </>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            {confirming ? (
              <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                Back
              </Button>
            ) : (
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
            )}
            <Button
              type="submit"
              variant={text?.confirm ? 'destructive' : 'default'}
              disabled={sending.isLoading}
              data-testid="moderation-confirm"
            >
              {confirming ? `Yes, ${text?.label.toLowerCase()}` : text?.label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

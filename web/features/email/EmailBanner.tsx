import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** A dismissible error banner (spec 002 §8: 'Failed to send email', 'Failed to get queue status'). */
export function EmailBanner({
  message,
  detail,
  onDismiss,
}: {
  message: string;
  detail?: string;
  onDismiss: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/8 px-4 py-3 text-sm text-destructive"
    >
      <div className="flex-1">
        <p className="font-medium">{message}</p>
        {detail && <p className="mt-0.5 text-destructive/80">{detail}</p>}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={`Dismiss: ${message}`}
        onClick={onDismiss}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

/** The server's message of a failed RTK Query call, when it sent one. */
export function errorDetail(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  const body = (data as { error: { message?: unknown; fields?: Record<string, string> } }).error;
  const fields = body.fields ? Object.values(body.fields) : [];
  return fields[0] ?? (typeof body.message === 'string' ? body.message : undefined);
}

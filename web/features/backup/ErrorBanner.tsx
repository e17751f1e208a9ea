import { X } from 'lucide-react';
import { Alert } from '../../components/ui/alert';

/** The spec's dismissible error banner (§8). */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Alert className="items-center">
      <div className="flex items-center justify-between gap-3">
        <span>{message}</span>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="rounded p-1 hover:bg-destructive/10"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </Alert>
  );
}

import { X } from 'lucide-react';
import { Button } from './ui/button';
import { Alert } from './ui/alert';

export interface DismissibleBannerProps {
  message: string;
  /** The server's explanation, when it gave one. */
  detail?: string;
  onDismiss: () => void;
}

/** The operator dashboards' error banner (spec 002 §8): stays until dismissed or replaced. */
export function DismissibleBanner({ message, detail, onDismiss }: DismissibleBannerProps) {
  return (
    <Alert>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-medium">{message}</p>
          {detail && <p className="mt-0.5 opacity-80">{detail}</p>}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-my-1 size-7"
          aria-label={`Dismiss: ${message}`}
          onClick={onDismiss}
        >
          <X className="size-4" aria-hidden />
        </Button>
      </div>
    </Alert>
  );
}

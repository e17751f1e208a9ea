import { CloudOff } from 'lucide-react';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-2.5 py-16 text-sm text-muted-foreground"
    >
      <Spinner className="size-5" />
      <span>{label}</span>
    </div>
  );
}

export function FullPageLoading() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <LoadingState />
    </div>
  );
}

export interface ErrorStateProps {
  title?: string;
  message?: string;
  onRetry?: () => void;
}

export function ErrorState({
  title = 'Agora is not reachable',
  message = 'Check your connection and try again.',
  onRetry,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-sm flex-col items-center gap-3 py-16 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CloudOff className="size-6" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function FullPageError(props: ErrorStateProps) {
  return (
    <div className="flex min-h-svh items-center justify-center px-4">
      <ErrorState {...props} />
    </div>
  );
}

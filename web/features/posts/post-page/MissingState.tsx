import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

export interface MissingStateProps {
  title: string;
  message: string;
  linkTo: string;
  linkLabel: string;
}

/** A post or video that does not exist, or that the viewer may not see: the same for both. */
export function MissingState({ title, message, linkTo, linkLabel }: MissingStateProps) {
  useDocumentTitle(title);
  return (
    <div
      className="mx-auto flex max-w-sm flex-col items-center gap-3 py-16 text-center"
      data-testid="missing-state"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <FileQuestion className="size-6" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Link to={linkTo} className={buttonVariants({ variant: 'outline' })}>
        {linkLabel}
      </Link>
    </div>
  );
}

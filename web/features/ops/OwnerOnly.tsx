import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { OWNER_ONLY_MESSAGE } from '../../../shared/ops/realtime';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../auth';

export interface OwnerOnlyProps {
  title: string;
  children: ReactNode;
}

/**
 * Operator pages render for owners only. The server refuses members every operator API with 403;
 * this only spares them a page of errors and says why.
 */
export function OwnerOnly({ title, children }: OwnerOnlyProps) {
  const { user } = useSession();
  if (user?.role === 'owner') return <>{children}</>;
  return (
    <>
      <PageHeader title={title} description="Operator tools." />
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border p-8 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert className="size-6" aria-hidden />
        </span>
        <p className="font-medium">{OWNER_ONLY_MESSAGE}</p>
        <p className="text-sm text-muted-foreground">
          Ask the owner of this Agora to look at it, or sign in with an owner account.
        </p>
      </div>
    </>
  );
}

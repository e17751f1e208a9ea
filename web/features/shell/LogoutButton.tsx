import { LogOut } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { logoutMessages } from '../../../shared/auth/logout-messages';
import { useAppDispatch } from '../../state/hooks';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { LOGIN_PATH, sessionEnded, useSignOutMutation } from '../auth';
import { tipProps } from './ShellTooltips';

/** The confirmation loads when first asked for: the dialog library stays off the first page. */
const LogoutDialog = lazy(async () => ({
  default: (await import('./LogoutDialog')).LogoutDialog,
}));

export function LogoutButton({ compact }: { compact: boolean }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [signOut, { isLoading }] = useSignOutMutation();
  const label = isLoading ? 'Logging out...' : 'Logout';

  async function confirm() {
    try {
      await signOut().unwrap();
      toast.success(logoutMessages.success);
      dispatch(sessionEnded(LOGIN_PATH));
    } catch {
      toast.error(logoutMessages.failure);
    }
  }

  return (
    <>
      <button
        {...tipProps(label, 'right', compact)}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={confirming}
        onClick={() => setConfirming(true)}
        disabled={isLoading}
        className={cn(
          'flex h-9 w-full items-center gap-3 rounded-lg px-2.5 text-sm font-medium text-muted-foreground transition-colors',
          'hover:bg-destructive/10 hover:text-destructive disabled:pointer-events-none disabled:opacity-70',
          compact && 'justify-center px-0',
        )}
      >
        {isLoading ? <Spinner /> : <LogOut className="size-4 shrink-0" aria-hidden />}
        <span className={cn(compact && 'sr-only')}>{label}</span>
      </button>
      {confirming && (
        <Suspense fallback={null}>
          <LogoutDialog onOpenChange={setConfirming} onConfirm={() => void confirm()} />
        </Suspense>
      )}
    </>
  );
}

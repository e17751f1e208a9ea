import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../components/PageStates';
import { Button, type ButtonProps } from '../../components/ui/button';
import { SecurityDialog } from './SecurityDialog';

const TwoFactorPanel = lazy(async () => ({
  default: (await import('./TwoFactorPanel')).TwoFactorPanel,
}));

/** Settings' Two-Factor Authentication: set up, see recovery codes once, or turn it off. */
export function TwoFactorButton(props: Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" {...props} onClick={() => setOpen(true)}>
        <ShieldCheck aria-hidden />
        Two-Factor Authentication
      </Button>
      <SecurityDialog
        open={open}
        onOpenChange={setOpen}
        title="Two-Factor Authentication"
        description="A code from an authenticator app, asked for at every sign-in."
      >
        <Suspense fallback={<LoadingState />}>
          {open && <TwoFactorPanel onClose={() => setOpen(false)} />}
        </Suspense>
      </SecurityDialog>
    </>
  );
}

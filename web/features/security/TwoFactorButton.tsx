import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../components/PageStates';
import { Button, type ButtonProps } from '../../components/ui/button';
import { SecurityDialog } from './SecurityDialog';

const TwoFactorPanel = lazy(async () => ({
  default: (await import('./TwoFactorPanel')).TwoFactorPanel,
}));

export interface TwoFactorDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Two-factor sign-in in a dialog: set up, see recovery codes once, or turn it off. */
export function TwoFactorDialog({ open, onOpenChange }: TwoFactorDialogProps) {
  return (
    <SecurityDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Two-Factor Authentication"
      description="A code from an authenticator app, asked for at every sign-in."
    >
      <Suspense fallback={<LoadingState />}>
        {open && <TwoFactorPanel onClose={() => onOpenChange(false)} />}
      </Suspense>
    </SecurityDialog>
  );
}

/** The profile settings' Two-Factor Authentication button, which opens the dialog. */
export function TwoFactorButton(props: Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" {...props} onClick={() => setOpen(true)}>
        <ShieldCheck aria-hidden />
        Two-Factor Authentication
      </Button>
      <TwoFactorDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../components/PageStates';
import { Button, type ButtonProps } from '../../components/ui/button';
import { SecurityDialog } from './SecurityDialog';

/** The form and its list of common passwords load when the dialog first opens. */
const ChangePasswordForm = lazy(async () => ({
  default: (await import('./ChangePasswordForm')).ChangePasswordForm,
}));

/** Settings' Change Password: the rotation page's form in a dialog. */
export function ChangePasswordButton(props: Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" {...props} onClick={() => setOpen(true)}>
        <KeyRound aria-hidden />
        Change Password
      </Button>
      <SecurityDialog
        open={open}
        onOpenChange={setOpen}
        title="Change Password"
        description="After the change, every device you are signed in on signs out, this one too."
      >
        <Suspense fallback={<LoadingState />}>
          <ChangePasswordForm onCancel={() => setOpen(false)} />
        </Suspense>
      </SecurityDialog>
    </>
  );
}

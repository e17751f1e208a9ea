import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Profile } from '../../../shared/profiles';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';
import { useRequirePasswordRotationMutation } from '../security';

/**
 * An owner, on a member's profile, can send them to choose a new password before anything else
 * (001 §2 Password Rotation Required); it asks first, since the member is stopped mid-session.
 */
export function RequireRotationButton({ profile }: { profile: Profile }) {
  const [require, { isLoading }] = useRequirePasswordRotationMutation();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const opener = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setConfirmation(null);
    const answer = await require(profile.id);
    if ('error' in answer)
      toast.error('The password change could not be required. Please try again.');
    else toast.success(`${profile.displayName} must choose a new password before going on.`);
  }

  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        disabled={isLoading}
        onClick={() =>
          setConfirmation({
            title: `Require ${profile.displayName} to change their password?`,
            description:
              'They are sent to choose a new password at once, on every device, and can do nothing else until they have.',
            confirmLabel: 'Require password change',
            onConfirm: () => void confirm(),
          })
        }
      >
        {isLoading ? <Spinner /> : <KeyRound aria-hidden />}
        Require password change
      </Button>
      <ConfirmDialog
        confirmation={confirmation}
        onClose={() => setConfirmation(null)}
        returnFocusTo={opener}
      />
    </>
  );
}

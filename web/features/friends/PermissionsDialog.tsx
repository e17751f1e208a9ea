import { useState, type RefObject } from 'react';
import type { Friend, FriendPermission } from '../../../shared/social';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { withFeedback } from './actionFeedback';
import { useSetFriendPermissionsMutation } from './friendsApi';

/** The four permissions, each as what it lets the friend do (docs/social-api.md). */
const CHOICES: readonly { permission: FriendPermission; label: string }[] = [
  { permission: 'read', label: 'See when I am online' },
  { permission: 'write', label: 'Send me messages' },
  { permission: 'search', label: 'Find me in search' },
  { permission: 'delete', label: 'Remove me from their friends' },
];

/** What one friend may do with respect to the member; saved as a whole. */
export function PermissionsDialog({
  friend,
  name,
  open,
  onClose,
  returnFocusTo,
}: {
  friend: Friend;
  name: string;
  open: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [chosen, setChosen] = useState<Set<FriendPermission>>(new Set(friend.permissions));
  const [setPermissions, { isLoading }] = useSetFriendPermissionsMutation();

  const toggle = (permission: FriendPermission, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });

  const save = async () => {
    const done = await withFeedback(
      () => setPermissions({ userId: friend.id, permissions: [...chosen].sort() }).unwrap(),
      { success: `Saved what ${name} may do`, failure: 'Failed to save permissions' },
    );
    if (done) onClose();
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
        else setChosen(new Set(friend.permissions));
      }}
    >
      <AlertDialogContent
        data-testid="permissions-dialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <AlertDialogTitle>What {name} may do</AlertDialogTitle>
        <AlertDialogDescription>
          These apply to {name} only. Anything you turn off is refused or hidden for them.
        </AlertDialogDescription>
        <fieldset className="grid gap-3" disabled={isLoading}>
          <legend className="sr-only">Permissions for {name}</legend>
          {CHOICES.map(({ permission, label }) => {
            const id = `permission-${friend.id}-${permission}`;
            return (
              <div key={permission} className="flex items-center gap-3">
                <Checkbox
                  id={id}
                  data-testid={`permission-${permission}`}
                  checked={chosen.has(permission)}
                  onCheckedChange={(value) => toggle(permission, value === true)}
                />
                <Label htmlFor={id}>{label}</Label>
              </div>
            );
          })}
        </fieldset>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button data-testid="permissions-save" onClick={() => void save()} disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

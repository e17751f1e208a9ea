import * as Dialog from '@radix-ui/react-dialog';
import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/failures';
import { useAddFriendByEmailMutation } from './messagingApi';

/**
 * Add Friend (spec 001 §2): an email address, Send Request and Cancel. An empty address does
 * nothing and there is no format check; a known address gets a real friend request.
 */
export function AddFriendDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [addFriend, { isLoading }] = useAddFriendByEmailMutation();
  const inputId = useId();
  const problemId = `${inputId}-problem`;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setEmail('');
      setProblem(null);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address || isLoading) return;
    setProblem(null);
    try {
      const outcome = await addFriend(address).unwrap();
      if (outcome.status === 'not-found') {
        setProblem(`No member has the email address ${address}.`);
        return;
      }
      toast.success(`Friend request sent to ${outcome.person.displayName}`);
      onOpenChange(false);
    } catch (failure) {
      setProblem(
        failureMessage(failure, 'The friend request could not be sent. Please try again.'),
      );
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="outline" data-testid="add-friend-button">
          <UserPlus aria-hidden />
          Add Friend
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10000] bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[10000] grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border bg-popover p-6 text-popover-foreground shadow-xl data-[state=open]:animate-zoom-in">
          <div className="grid gap-1.5">
            <Dialog.Title className="text-lg font-semibold">Add Friend</Dialog.Title>
            <Dialog.Description className="text-sm text-muted-foreground">
              Enter the email address of the member you want to add.
            </Dialog.Description>
          </div>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <div className="grid gap-2">
              <Label htmlFor={inputId}>Email address</Label>
              <Input
                id={inputId}
                data-testid="add-friend-email"
                type="text"
                inputMode="email"
                autoComplete="off"
                placeholder="friend@example.com"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setProblem(null);
                }}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
              />
            </div>
            {problem && (
              <Alert id={problemId} data-testid="add-friend-problem">
                {problem}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" data-testid="add-friend-send" disabled={isLoading}>
                {isLoading && <Spinner />}
                Send Request
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

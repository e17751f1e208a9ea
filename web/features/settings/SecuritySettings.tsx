import * as SwitchPrimitive from '@radix-ui/react-switch';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { ComingSoon } from './ComingSoon';

const HINT_ID = 'security-coming-soon';

/** Two-factor and password change arrive with later issues; shown, but honestly inert. */
export function SecuritySettings() {
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor="two-factor-switch">Two-factor authentication</Label>
        <SwitchPrimitive.Root
          id="two-factor-switch"
          disabled
          aria-describedby={HINT_ID}
          className="inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-input transition-colors disabled:cursor-not-allowed disabled:opacity-60"
        >
          <SwitchPrimitive.Thumb className="block size-4 translate-x-0.5 rounded-full bg-card shadow-sm" />
        </SwitchPrimitive.Root>
      </div>
      <div>
        <Button variant="outline" disabled aria-describedby={HINT_ID}>
          <KeyRound aria-hidden />
          Change Password
        </Button>
      </div>
      <ComingSoon id={HINT_ID} />
    </div>
  );
}

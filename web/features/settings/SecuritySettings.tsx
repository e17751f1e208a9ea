import { useState } from 'react';
import { ChangePasswordButton, TwoFactorDialog, useGetTwoFactorQuery } from '../security';
import { SettingSwitch } from './SettingSwitch';

function twoFactorDescription(status: { isError: boolean; enabled: boolean | undefined }): string {
  if (status.isError) return 'Could not load whether it is on. Open it to try again.';
  if (status.enabled === undefined) return 'Loading…';
  return status.enabled
    ? 'On: every sign-in asks for a code from your authenticator app.'
    : 'Off: turn it on to be asked for a code from an authenticator app at every sign-in.';
}

/**
 * The spec's two-factor switch and Change Password button (001 §2), working: the switch shows
 * whether two-factor sign-in is on and opens the same dialogs as the profile settings' Privacy
 * tab, to set it up or turn it off; it moves once the server says it changed.
 */
export function SecuritySettings() {
  const status = useGetTwoFactorQuery();
  const [open, setOpen] = useState(false);
  const enabled = status.data?.enabled;
  return (
    <div className="grid gap-5">
      <SettingSwitch
        id="two-factor-switch"
        label="Two-factor authentication"
        description={twoFactorDescription({ isError: status.isError, enabled })}
        checked={enabled === true}
        disabled={status.isLoading}
        onCheckedChange={() => setOpen(true)}
      />
      <TwoFactorDialog open={open} onOpenChange={setOpen} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-1">
          <p className="text-sm font-medium leading-none">Password</p>
          <p className="text-[0.8rem] text-muted-foreground">
            Every device you are signed in on signs out after a change.
          </p>
        </div>
        <ChangePasswordButton />
      </div>
    </div>
  );
}

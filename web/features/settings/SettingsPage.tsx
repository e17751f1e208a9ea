import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { selectSignedInUser } from '../auth/session';
import { NotificationPreferencesForm } from '../notifications/NotificationPreferencesForm';
import { ComingSoon } from './ComingSoon';
import { BlockedMembers } from '../friends/BlockedMembers';
import { PrivacySetting } from './PrivacySetting';
import { SecuritySettings } from './SecuritySettings';
import { SettingsSection } from './SettingsSection';
import { ThemeSetting } from './ThemeSetting';

const PROFILE_HINT_ID = 'settings-profile-coming-soon';

/** Editing name, email and bio belongs to a later issue; the form shows the session, inert. */
function ProfileForm() {
  const user = useAppSelector(selectSignedInUser);
  return (
    <div className="grid gap-4">
      <TextField
        id="settings-name"
        label="Name"
        value={user?.displayName ?? ''}
        readOnly
        disabled
        aria-describedby={PROFILE_HINT_ID}
      />
      <TextField
        id="settings-email"
        label="Email"
        type="email"
        value={user?.email ?? ''}
        readOnly
        disabled
        aria-describedby={PROFILE_HINT_ID}
      />
      <div className="grid gap-2">
        <Label htmlFor="settings-bio">Bio</Label>
        <textarea
          id="settings-bio"
          disabled
          rows={3}
          aria-describedby={PROFILE_HINT_ID}
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs disabled:cursor-not-allowed disabled:opacity-60"
        />
      </div>
      <div className="flex items-center gap-3">
        <Button disabled aria-describedby={PROFILE_HINT_ID}>
          Save Changes
        </Button>
        <ComingSoon id={PROFILE_HINT_ID} />
      </div>
    </div>
  );
}

export function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, privacy, security, notifications and theme."
      />
      <div className="grid max-w-3xl gap-6">
        <SettingsSection id="profile" title="Profile" description="Your name, email and bio.">
          <ProfileForm />
        </SettingsSection>
        <SettingsSection id="privacy" title="Privacy" description="Who can see your profile.">
          <PrivacySetting />
        </SettingsSection>
        <SettingsSection
          id="blocked"
          title="Blocked members"
          description="They cannot message you, send you friend requests or find you."
        >
          <BlockedMembers />
        </SettingsSection>
        <SettingsSection
          id="security"
          title="Security"
          description="Protect your account with a second step and a strong password."
        >
          <SecuritySettings />
        </SettingsSection>
        <SettingsSection
          id="notifications"
          title="Notifications"
          description="Choose how you hear about each kind of notification."
        >
          <NotificationPreferencesForm />
        </SettingsSection>
        <SettingsSection id="theme" title="Theme" description="Light or dark.">
          <ThemeSetting />
        </SettingsSection>
      </div>
    </>
  );
}

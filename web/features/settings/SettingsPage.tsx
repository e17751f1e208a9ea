import { PageHeader } from '../../components/PageHeader';
import { NotificationPreferencesForm } from '../notifications';
import { BlockedMembers } from '../friends';
import { ThemeChoiceControl } from './AppearanceControls';
import { NotificationSwitches } from './NotificationSwitches';
import { PrivacySetting } from './PrivacySetting';
import { ProfileForm } from './ProfileForm';
import { SecuritySettings } from './SecuritySettings';
import { SettingsSection } from './SettingsSection';

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
          <div className="grid gap-6">
            <NotificationSwitches idPrefix="settings-notify" channels={['email', 'push']} />
            <NotificationPreferencesForm />
          </div>
        </SettingsSection>
        <SettingsSection id="theme" title="Theme" description="Light, dark or as your device.">
          <ThemeChoiceControl />
        </SettingsSection>
      </div>
    </>
  );
}

import * as Tabs from '@radix-ui/react-tabs';
import { Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { profileMessages } from '../../../shared/profiles';
import { useAppSelector } from '../../state/hooks';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/PageStates';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { DeleteAccountButton, DownloadMyDataButton } from '../account';
import { ApiTokensPanel } from '../api-tokens';
import { selectSignedInUser } from '../auth';
import { BlockedMembers } from '../friends';
import { NotificationPreferencesForm } from '../notifications';
import { PushDevicesPanel } from '../push';
import { ChangePasswordButton, TwoFactorButton } from '../security';
import { FontSizeControl, ThemeChoiceControl } from './AppearanceControls';
import { NotificationSwitches } from './NotificationSwitches';
import { ProfileCardSwitches } from './ProfileCardSwitches';
import { ProfileEditor } from './ProfileEditor';
import { SettingsSection } from './SettingsSection';
import { Avatar } from '../../components/UserCard';
import { useGetProfileQuery } from '../profile';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'appearance', label: 'Appearance' },
  { value: 'api-tokens', label: 'API tokens' },
] as const;
type Tab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

function ProfileSummary() {
  const user = useAppSelector(selectSignedInUser);
  if (!user) return null;
  const name = user.displayName || user.username;
  return (
    <div className="flex items-center gap-4">
      <Avatar name={name} src={user.avatar} className="size-14 text-lg" />
      <dl className="grid gap-1 text-sm">
        <div>
          <dt className="sr-only">Name</dt>
          <dd className="font-semibold">{name}</dd>
        </div>
        <div>
          <dt className="sr-only">Username</dt>
          <dd className="text-muted-foreground">@{user.username}</dd>
        </div>
        <div>
          <dt className="sr-only">Email</dt>
          <dd className="text-muted-foreground">{user.email}</dd>
        </div>
      </dl>
    </div>
  );
}

function ProfileTab({ editing, onDone }: { editing: boolean; onDone(): void }) {
  const user = useAppSelector(selectSignedInUser);
  const {
    data: profile,
    isLoading,
    isError,
    refetch,
  } = useGetProfileQuery(user?.id ?? '', {
    skip: !editing || !user,
  });
  let body = <ProfileSummary />;
  if (editing && isLoading) body = <LoadingState label="Loading your profile…" />;
  else if (editing && (isError || !profile)) {
    body = (
      <div className="grid gap-3">
        <Alert>{profileMessages.loadFailed}</Alert>
        <Button variant="outline" className="w-fit" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (editing && profile) body = <ProfileEditor profile={profile} onDone={onDone} />;
  return (
    <SettingsSection
      id="profile"
      title="Profile"
      description={editing ? 'Change what other members see.' : 'How other members see you.'}
    >
      {body}
    </SettingsSection>
  );
}

function PrivacyTab() {
  return (
    <div className="grid gap-6">
      <SettingsSection
        id="privacy"
        title="Privacy"
        description="Who sees your profile and what it shows."
      >
        <ProfileCardSwitches />
      </SettingsSection>
      <SettingsSection
        id="blocked"
        title="Blocked members"
        description="They cannot message you, send you friend requests or find you."
      >
        <BlockedMembers />
      </SettingsSection>
      <SettingsSection id="account" title="Account" description="Security and your data.">
        <div className="flex flex-wrap gap-2">
          <ChangePasswordButton />
          <TwoFactorButton />
          <DownloadMyDataButton />
          <DeleteAccountButton />
        </div>
      </SettingsSection>
    </div>
  );
}

function NotificationsTab() {
  return (
    <div className="grid gap-6">
      <SettingsSection
        id="notifications"
        title="Notifications"
        description="How Agora reaches you."
      >
        <NotificationSwitches idPrefix="profile-notify" />
      </SettingsSection>
      <SettingsSection
        id="push-devices"
        title="Push notifications on your devices"
        description="Browsers that show Agora's notifications while no Agora tab is open."
      >
        <PushDevicesPanel />
      </SettingsSection>
      <SettingsSection
        id="notification-types"
        title="By kind of notification"
        description="Choose how you hear about each kind of notification."
      >
        <NotificationPreferencesForm />
      </SettingsSection>
    </div>
  );
}

function AppearanceTab() {
  return (
    <SettingsSection
      id="appearance"
      title="Appearance"
      description="Theme and text size, on every device you sign in on."
    >
      <div className="grid gap-5">
        <div className="grid gap-2">
          <p className="text-sm font-medium leading-none">Theme</p>
          <ThemeChoiceControl />
        </div>
        <div className="grid gap-2">
          <p className="text-sm font-medium leading-none">Font Size</p>
          <FontSizeControl />
        </div>
      </div>
    </SettingsSection>
  );
}

function ApiTokensTab() {
  return (
    <SettingsSection
      id="api-tokens"
      title="API tokens"
      description="Let a script or another app use Agora as you, with only the access you choose."
    >
      <ApiTokensPanel />
    </SettingsSection>
  );
}

/** Spec 002 §2 item 16. The open tab lives in `?tab=`, so a link or reload lands on it. */
export function ProfileSettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const current: Tab = isTab(requested) ? requested : 'profile';
  const [editing, setEditing] = useState(false);
  const showTab = (tab: Tab) => setSearchParams({ tab }, { replace: true });

  function toggleEditing() {
    // Editing happens on the Profile tab: Edit Profile opens it there.
    if (!editing) showTab('profile');
    setEditing(!editing);
  }

  return (
    <>
      <PageHeader
        title="Profile Settings"
        description="Manage your profile, privacy, and notification preferences"
      >
        <Button variant="outline" aria-pressed={editing} onClick={toggleEditing}>
          {editing ? <X aria-hidden /> : <Pencil aria-hidden />}
          {editing ? 'Cancel Edit' : 'Edit Profile'}
        </Button>
      </PageHeader>
      <Tabs.Root
        value={current}
        onValueChange={(value) => {
          if (isTab(value)) showTab(value);
        }}
        className="grid max-w-3xl gap-6"
      >
        <Tabs.List
          aria-label="Profile settings"
          className="inline-flex w-fit flex-wrap gap-1 rounded-xl bg-muted p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              data-testid={`profile-settings-tab-${tab.value}`}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
                'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
              )}
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileTab editing={editing} onDone={() => setEditing(false)} />
        </Tabs.Content>
        <Tabs.Content value="privacy">
          <PrivacyTab />
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <NotificationsTab />
        </Tabs.Content>
        <Tabs.Content value="appearance">
          <AppearanceTab />
        </Tabs.Content>
        <Tabs.Content value="api-tokens">
          <ApiTokensTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

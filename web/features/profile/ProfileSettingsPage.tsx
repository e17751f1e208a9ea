import * as Tabs from '@radix-ui/react-tabs';
import { Pencil } from 'lucide-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { selectSignedInUser } from '../auth/session';
import { NotificationPreferencesForm } from '../notifications/NotificationPreferencesForm';
import { ComingSoon } from '../settings/ComingSoon';
import { BlockedMembers } from '../friends/BlockedMembers';
import { PrivacySetting } from '../settings/PrivacySetting';
import { SettingsSection } from '../settings/SettingsSection';
import { ThemeSetting } from '../settings/ThemeSetting';
import { Avatar } from '../shell/UserCard';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'appearance', label: 'Appearance' },
] as const;
type Tab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

const EDIT_HINT_ID = 'profile-edit-coming-soon';
const ACCOUNT_HINT_ID = 'profile-account-coming-soon';
const FONT_HINT_ID = 'profile-font-coming-soon';

function ProfileTab() {
  const user = useAppSelector(selectSignedInUser);
  if (!user) return null;
  const name = user.displayName || user.username;
  return (
    <SettingsSection id="profile" title="Profile" description="How other members see you.">
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
    </SettingsSection>
  );
}

function PrivacyTab() {
  return (
    <div className="grid gap-6">
      <SettingsSection id="privacy" title="Privacy" description="Who can see your profile.">
        <PrivacySetting id="profile-privacy-select" />
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
          {['Change Password', 'Two-Factor Authentication', 'Download My Data'].map((label) => (
            <Button key={label} variant="outline" disabled aria-describedby={ACCOUNT_HINT_ID}>
              {label}
            </Button>
          ))}
          <Button variant="destructive" disabled aria-describedby={ACCOUNT_HINT_ID}>
            Delete Account
          </Button>
        </div>
        <div className="mt-3">
          <ComingSoon id={ACCOUNT_HINT_ID} />
        </div>
      </SettingsSection>
    </div>
  );
}

function NotificationsTab() {
  return (
    <SettingsSection
      id="notifications"
      title="Notifications"
      description="Choose how you hear about each kind of notification."
    >
      <NotificationPreferencesForm />
    </SettingsSection>
  );
}

function AppearanceTab() {
  return (
    <SettingsSection id="appearance" title="Appearance" description="Theme and text size.">
      <div className="grid gap-5">
        <ThemeSetting />
        <div className="grid gap-2">
          <div role="group" aria-label="Font Size" className="flex gap-2">
            {['Small', 'Medium', 'Large'].map((size) => (
              <Button key={size} variant="outline" disabled aria-describedby={FONT_HINT_ID}>
                {size}
              </Button>
            ))}
          </div>
          <ComingSoon id={FONT_HINT_ID} />
        </div>
      </div>
    </SettingsSection>
  );
}

const PANELS: Record<Tab, ComponentType> = {
  profile: ProfileTab,
  privacy: PrivacyTab,
  notifications: NotificationsTab,
  appearance: AppearanceTab,
};

/** Spec 002 §2 item 16. The open tab lives in `?tab=`, so a link or reload lands on it. */
export function ProfileSettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const current: Tab = isTab(requested) ? requested : 'profile';

  return (
    <>
      <PageHeader
        title="Profile Settings"
        description="Manage your profile, privacy, and notification preferences"
      >
        <div className="flex flex-col items-end gap-1">
          <Button variant="outline" disabled aria-describedby={EDIT_HINT_ID}>
            <Pencil aria-hidden />
            Edit Profile
          </Button>
          <ComingSoon id={EDIT_HINT_ID} />
        </div>
      </PageHeader>
      <Tabs.Root
        value={current}
        onValueChange={(value) => {
          if (isTab(value)) setSearchParams({ tab: value }, { replace: true });
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
        {TABS.map((tab) => {
          const Panel = PANELS[tab.value];
          return (
            <Tabs.Content key={tab.value} value={tab.value}>
              <Panel />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </>
  );
}

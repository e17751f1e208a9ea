import { useState, type FormEvent } from 'react';
import {
  DEFAULT_APPEARANCE_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  type AppearanceSettings,
  type NotificationSettings,
} from '../../../../shared/profiles/schemas';
import { Alert } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { useGetMemberSettingsQuery, useUpdateMemberSettingsMutation } from '../../profile';
import { failureText } from './stepFailure';
import type { StepProps } from './stepProps';

const NOTIFICATIONS: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  { key: 'email', label: 'Email notifications', hint: 'Friend requests, messages and mentions' },
  { key: 'push', label: 'Push notifications', hint: 'Alerts in your browser' },
  { key: 'sms', label: 'SMS notifications', hint: 'Text messages for important updates' },
  { key: 'marketing', label: 'Product news', hint: 'Tips and new features' },
];

const THEMES: { value: AppearanceSettings['theme']; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** Notification switches and the theme, stored in the member's settings (every device). */
export function PreferencesStep({ formId, onDone, setBusy }: StepProps) {
  const settings = useGetMemberSettingsQuery();
  // The member's choices, over the stored settings (shown once they load).
  const [notificationEdits, setNotificationEdits] = useState<Partial<NotificationSettings>>({});
  const [themeChoice, setTheme] = useState<AppearanceSettings['theme'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [update] = useUpdateMemberSettingsMutation();
  const stored = settings.data;

  const notifications = {
    ...(stored?.notifications ?? DEFAULT_NOTIFICATION_SETTINGS),
    ...notificationEdits,
  };
  const theme = themeChoice ?? stored?.appearance.theme ?? DEFAULT_APPEARANCE_SETTINGS.theme;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await update({ notifications, appearance: { theme } }).unwrap();
      await onDone();
    } catch (error) {
      setFailure(failureText(error, 'Failed to save your preferences'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={formId} onSubmit={submit} className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">Notifications</legend>
        {NOTIFICATIONS.map(({ key, label, hint }) => (
          <div key={key} className="flex items-start gap-3">
            <Checkbox
              id={`pref-${key}`}
              className="mt-0.5"
              checked={notifications[key]}
              aria-describedby={`pref-${key}-hint`}
              onCheckedChange={(on) =>
                setNotificationEdits((held) => ({ ...held, [key]: on === true }))
              }
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`pref-${key}`}>{label}</Label>
              <span id={`pref-${key}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </span>
            </div>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-medium">Theme</legend>
        <div role="radiogroup" aria-label="Theme" className="flex flex-wrap gap-2">
          {THEMES.map(({ value, label }) => (
            <label
              key={value}
              className={cn(
                'cursor-pointer rounded-lg border px-4 py-2 text-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                theme === value ? 'border-primary bg-primary/5 font-medium' : 'border-input',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                className="sr-only"
                checked={theme === value}
                onChange={() => setTheme(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {failure && <Alert>{failure}</Alert>}
    </form>
  );
}

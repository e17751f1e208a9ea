import { useCallback, useState } from 'react';
import {
  businessMessages,
  type BusinessAccount,
  type BusinessAccountFields,
} from '../../../shared/business';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useGetBusinessAccountQuery } from './businessApi';
import { fieldLabel, type FieldErrors } from './businessDraft';
import { BusinessContactTab } from './BusinessContactTab';
import { BusinessHoursTab } from './BusinessHoursTab';
import { BusinessOverview } from './BusinessOverview';
import { BusinessProfileTab } from './BusinessProfileTab';
import { BusinessServicesTab } from './BusinessServicesTab';
import { BusinessSettingsTab } from './BusinessSettingsTab';
import { TabForm } from './SaveButton';
import { useBusinessSave } from './useBusinessSave';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'profile', label: 'Profile' },
  { value: 'contact', label: 'Contact' },
  { value: 'hours', label: 'Business Hours' },
  { value: 'services', label: 'Services' },
  { value: 'settings', label: 'Settings' },
] as const;

function BusinessHeader({ account }: { account: BusinessAccount }) {
  const title = account.name || businessMessages.title;
  useDocumentTitle(title);
  return (
    <header className="mb-8 flex flex-wrap items-center gap-4">
      {account.logo && (
        <img src={account.logo} alt="" className="size-16 rounded-lg border object-cover" />
      )}
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1.5 text-muted-foreground">
          {account.exists
            ? 'Your business profile, contact details, business hours and services.'
            : `${businessMessages.notCreated}: fill in the Profile tab and save to create your business account.`}
        </p>
      </div>
    </header>
  );
}

/** The failure text, then each field's message, so an error on another tab is still seen. */
function SaveFailed({ errors }: { errors: FieldErrors }) {
  const entries = Object.entries(errors);
  return (
    <Alert>
      <p>{businessMessages.saveFailed}</p>
      {entries.length > 0 && (
        <ul className="mt-1 list-disc pl-4">
          {entries.map(([field, message]) => (
            <li key={field}>
              {fieldLabel(field)}: {message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

function BusinessAccountEditor({ account }: { account: BusinessAccount }) {
  const [tab, setTab] = useState<string>('overview');
  const { draft, setDraft, save, reload, saving, outcome, errors } = useBusinessSave(account);
  const setField = useCallback(
    <K extends keyof BusinessAccountFields>(key: K, value: BusinessAccountFields[K]) =>
      setDraft((current) => ({ ...current, [key]: value })),
    [setDraft],
  );
  const onSave = () => void save();
  const tabProps = { draft, setField, errors, saving, onSave };
  return (
    <div className="mx-auto max-w-4xl">
      <BusinessHeader account={account} />
      <div aria-live="polite" className="mb-4 empty:hidden">
        {outcome === 'saved' && <Alert tone="success">{businessMessages.saved}</Alert>}
        {outcome === 'failed' && <SaveFailed errors={errors} />}
        {outcome === 'conflict' && (
          <Alert>
            <p>{businessMessages.changedElsewhere}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void reload()}>
              Reload
            </Button>
          </Alert>
        )}
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <TabForm label="Overview" saving={saving} onSave={onSave}>
            <BusinessOverview account={account} />
          </TabForm>
        </TabsContent>
        <TabsContent value="profile">
          <BusinessProfileTab {...tabProps} />
        </TabsContent>
        <TabsContent value="contact">
          <BusinessContactTab {...tabProps} />
        </TabsContent>
        <TabsContent value="hours">
          <BusinessHoursTab {...tabProps} />
        </TabsContent>
        <TabsContent value="services">
          <BusinessServicesTab {...tabProps} />
        </TabsContent>
        <TabsContent value="settings">
          <BusinessSettingsTab account={account} saving={saving} onSave={onSave} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * `/business-account`: the member's business account in six tabs. A member who has none sees the
 * defaults and 'Not created yet'; the first save creates it.
 */
export function BusinessAccountPage() {
  const { data, isLoading, isError, refetch } = useGetBusinessAccountQuery();
  if (isLoading) return <LoadingState label={businessMessages.loading} />;
  if (isError || !data) {
    return (
      <ErrorState
        title={businessMessages.loadFailed}
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  return <BusinessAccountEditor account={data} />;
}

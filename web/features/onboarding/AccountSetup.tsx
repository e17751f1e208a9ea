import { Building2, User } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { SignedInSession } from '../../../shared/auth/schemas';
import {
  onboardingMessages,
  type AccountType,
  type OnboardingUserData,
  type OwnerSetup,
  type PreferredFeature,
} from '../../../shared/onboarding';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { apiErrorOf } from '../../lib/formErrors';
import {
  experienceOptions,
  featureOptions,
  goalOptions,
  industryOptions,
  ownerUseCaseOptions,
  teamSizeOptions,
  timeOptions,
  useCaseOptions,
} from './choices';
import { useStartOnboardingMutation } from './onboardingApi';
import { SelectField } from './SelectField';

type OwnerFields = Omit<OwnerSetup, 'isOwner'>;

const INITIAL_DATA: OnboardingUserData = {
  useCase: 'personal',
  experienceLevel: 'beginner',
  primaryGoal: 'networking',
  preferredFeatures: [],
  timeAvailability: 'moderate',
};

const INITIAL_OWNER: OwnerFields = {
  companyName: '',
  role: '',
  industry: 'technology',
  teamSize: '1-10',
  primaryUseCase: 'internal',
};

const ACCOUNT_CHOICES = [
  {
    type: 'owner',
    title: 'Owner Account',
    description: 'Full system access, admin dashboard, analytics and monitoring, user management.',
    Icon: Building2,
  },
  {
    type: 'regular',
    title: 'Regular User',
    description: 'Connect with people, share posts and messages.',
    Icon: User,
  },
] as const;

/** The account choice and the personalization form of 000 §2, which start the wizard. */
export function AccountSetup({ user }: { user: SignedInSession }) {
  const isOwner = user.role === 'owner';
  const [accountType, setAccountType] = useState<AccountType>('regular');
  const [userData, setUserData] = useState(INITIAL_DATA);
  const [owner, setOwner] = useState(INITIAL_OWNER);
  const [failure, setFailure] = useState<string | null>(null);
  const [start, { isLoading }] = useStartOnboardingMutation();

  const set = <K extends keyof OnboardingUserData>(key: K, value: OnboardingUserData[K]) =>
    setUserData((data) => ({ ...data, [key]: value }));
  const setOwnerField = <K extends keyof OwnerFields>(key: K, value: OwnerFields[K]) =>
    setOwner((fields) => ({ ...fields, [key]: value }));
  const toggleFeature = (feature: PreferredFeature, on: boolean) =>
    set(
      'preferredFeatures',
      on
        ? [...userData.preferredFeatures, feature]
        : userData.preferredFeatures.filter((f) => f !== feature),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await start({
        userId: user.id,
        userData,
        accountType,
        ...(accountType === 'owner' ? { ownerSetup: { isOwner: true, ...owner } } : {}),
      }).unwrap();
    } catch (error) {
      const message = apiErrorOf(error)?.message;
      setFailure(message ?? onboardingMessages.startFailed);
      toast.error(onboardingMessages.startFailed);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-8" aria-describedby="setup-intro">
      <p id="setup-intro" className="text-sm text-muted-foreground">
        Choose your account type and tell us a little about yourself; we will pick the steps that
        help you most.
      </p>
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-base font-semibold">Account type</legend>
        <div role="radiogroup" aria-label="Account type" className="grid gap-3 sm:grid-cols-2">
          {ACCOUNT_CHOICES.map(({ type, title, description, Icon }) => {
            const disabled = type === 'owner' && !isOwner;
            const checked = accountType === type;
            return (
              <label
                key={type}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  checked ? 'border-primary bg-primary/5' : 'border-input',
                  disabled && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  type="radio"
                  name="accountType"
                  value={type}
                  className="sr-only"
                  checked={checked}
                  disabled={disabled}
                  onChange={() => setAccountType(type)}
                />
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span className="grid gap-1">
                  <span className="font-medium">{title}</span>
                  <span className="text-sm text-muted-foreground">{description}</span>
                  {disabled && (
                    <span className="text-xs text-muted-foreground">
                      {onboardingMessages.ownerOnly}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {accountType === 'owner' && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-base font-semibold">Owner setup</legend>
          <TextField
            id="owner-company"
            label="Company name"
            required
            maxLength={120}
            value={owner.companyName}
            onChange={(event) => setOwnerField('companyName', event.target.value)}
          />
          <TextField
            id="owner-role"
            label="Your role"
            required
            maxLength={80}
            value={owner.role}
            onChange={(event) => setOwnerField('role', event.target.value)}
          />
          <SelectField
            id="owner-industry"
            label="Industry"
            value={owner.industry}
            options={industryOptions}
            onChange={(value) => setOwnerField('industry', value)}
          />
          <SelectField
            id="owner-team-size"
            label="Team size"
            value={owner.teamSize}
            options={teamSizeOptions}
            onChange={(value) => setOwnerField('teamSize', value)}
          />
          <SelectField
            id="owner-use-case"
            label="Primary use case"
            value={owner.primaryUseCase}
            options={ownerUseCaseOptions}
            onChange={(value) => setOwnerField('primaryUseCase', value)}
          />
        </fieldset>
      )}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Personalize your experience</legend>
        <SelectField
          id="use-case"
          label="How will you use Agora?"
          value={userData.useCase}
          options={useCaseOptions}
          onChange={(value) => set('useCase', value)}
        />
        <SelectField
          id="experience"
          label="Experience level"
          value={userData.experienceLevel}
          options={experienceOptions}
          onChange={(value) => set('experienceLevel', value)}
        />
        <SelectField
          id="goal"
          label="Primary goal"
          value={userData.primaryGoal}
          options={goalOptions}
          onChange={(value) => set('primaryGoal', value)}
        />
        <SelectField
          id="time"
          label="Time available"
          value={userData.timeAvailability}
          options={timeOptions}
          onChange={(value) => set('timeAvailability', value)}
        />
        <div className="grid gap-3 sm:col-span-2" role="group" aria-labelledby="features-label">
          <span id="features-label" className="text-sm font-medium">
            Features you care about
          </span>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {featureOptions.map(({ value, label }) => (
              <div key={value} className="flex items-center gap-2">
                <Checkbox
                  id={`feature-${value}`}
                  checked={userData.preferredFeatures.includes(value)}
                  onCheckedChange={(on) => toggleFeature(value, on === true)}
                />
                <Label htmlFor={`feature-${value}`}>{label}</Label>
              </div>
            ))}
          </div>
        </div>
      </fieldset>

      {failure && <Alert>{failure}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Starting…' : 'Start onboarding'}
        </Button>
      </div>
    </form>
  );
}

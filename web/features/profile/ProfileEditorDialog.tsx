import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { INTERESTS_MAX, profileMessages, SKILLS_MAX, type Profile } from '../../../shared/profiles';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorOf, type FieldErrors } from '../../lib/formErrors';
import { ChipsInput } from '../../components/ChipsInput';
import { ImageUploadField } from './ImageUploadField';
import { useUpdateProfileMutation } from './profileApi';
import {
  checkEdit,
  draftOf,
  type DraftField,
  type EditorTextField,
  type ProfileDraft,
} from './profileEdit';

const TEXT_INPUTS: readonly {
  field: Exclude<EditorTextField, 'bio'>;
  label: string;
  type?: string;
}[] = [
  { field: 'displayName', label: 'Display name' },
  { field: 'jobTitle', label: 'Job title' },
  { field: 'company', label: 'Company' },
  { field: 'location', label: 'Location' },
  { field: 'phone', label: 'Phone', type: 'tel' },
  { field: 'website', label: 'Website', type: 'url' },
];

/** The owner's profile editor: the header's fields, skills and interests, avatar and banner. */
export function ProfileEditorDialog({
  profile,
  onClose,
}: {
  profile: Profile;
  onClose: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  const [errors, setErrors] = useState<FieldErrors<DraftField>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const set = <F extends DraftField>(field: F, value: ProfileDraft[F]) => {
    setDraft((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const check = checkEdit(profile, draft);
    if (check.kind === 'unchanged') {
      onClose();
      return;
    }
    if (check.kind === 'invalid') {
      setErrors(check.errors);
      return;
    }
    setProblem(null);
    try {
      await updateProfile({ userId: profile.id, edit: check.edit }).unwrap();
      toast.success(profileMessages.settingsSavedTitle, {
        description: profileMessages.settingsSavedDescription,
      });
      onClose();
    } catch (failure) {
      const answer = apiErrorOf(failure);
      if (answer?.fields) setErrors(answer.fields);
      setProblem(answer?.message ?? profileMessages.updateFailed);
      toast.error(profileMessages.updateFailed);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10000] bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[10000] grid max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border bg-popover p-6 text-popover-foreground shadow-xl data-[state=open]:animate-zoom-in">
          <div className="grid gap-1.5">
            <Dialog.Title className="text-lg font-semibold">Edit Profile</Dialog.Title>
            <Dialog.Description className="text-sm text-muted-foreground">
              What others see on your profile. Privacy switches are in Profile Settings.
            </Dialog.Description>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <ImageUploadField userId={profile.id} which="avatar" current={profile.avatar} />
            <ImageUploadField userId={profile.id} which="banner" current={profile.banner} />
          </div>
          <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              {TEXT_INPUTS.map(({ field, label, type }) => (
                <TextField
                  key={field}
                  id={`${id}-${field}`}
                  label={label}
                  type={type ?? 'text'}
                  value={draft[field]}
                  error={errors[field]}
                  onChange={(event) => set(field, event.target.value)}
                />
              ))}
              <TextField
                id={`${id}-birthDate`}
                label="Birth date"
                type="date"
                value={draft.birthDate}
                error={errors.birthDate}
                onChange={(event) => set('birthDate', event.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-bio`}>Bio</Label>
              <textarea
                id={`${id}-bio`}
                value={draft.bio}
                rows={4}
                aria-invalid={errors.bio ? true : undefined}
                aria-describedby={errors.bio ? `${id}-bio-error` : undefined}
                onChange={(event) => set('bio', event.target.value)}
                className="rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-invalid:border-destructive"
              />
              {errors.bio && (
                <p id={`${id}-bio-error`} className="text-[0.8rem] font-medium text-destructive">
                  {errors.bio}
                </p>
              )}
            </div>
            <ChipsInput
              label="Skills"
              chips={draft.skills}
              max={SKILLS_MAX}
              placeholder="Add a skill"
              onChange={(skills) => set('skills', skills)}
            />
            <ChipsInput
              label="Interests"
              chips={draft.interests}
              max={INTERESTS_MAX}
              placeholder="Add an interest"
              onChange={(interests) => set('interests', interests)}
            />
            {(errors.skills ?? errors.interests) && (
              <Alert>{errors.skills ?? errors.interests}</Alert>
            )}
            {problem && <Alert data-testid="profile-editor-error">{problem}</Alert>}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isLoading}>
                {isLoading && <Spinner />}
                Save
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

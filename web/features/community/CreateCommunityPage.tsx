import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  COMMUNITY_CATEGORIES,
  COMMUNITY_PRIVACY,
  type CommunityCategory,
  type CommunityPrivacy,
} from '../../../shared/communities/constants';
import { communityMessages } from '../../../shared/communities/messages';
import type { Community } from '../../../shared/communities';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import { apiErrorOf } from '../../lib/formErrors';
import { useCreateCommunityMutation } from './communityApi';
import { communityPath } from '../../../shared/communities';
import {
  EMPTY_DRAFT,
  draftFieldErrors,
  draftFormData,
  type CommunityDraft,
  type DraftField,
} from './createForm';
import { SelectField, TextAreaField, capitalize } from '../../components/formFields';
import { ImageDropField } from './ImageDropField';
import { TagsField } from './TagsField';

const CATEGORY_OPTIONS = COMMUNITY_CATEGORIES.map((value) => ({
  value,
  label: capitalize(value),
}));

export const PRIVACY_LABELS: Record<CommunityPrivacy, string> = {
  public: 'Public: anyone can join',
  restricted: 'Restricted: joining needs approval',
  private: 'Private: by invitation only',
};
const PRIVACY_OPTIONS = COMMUNITY_PRIVACY.map((value) => ({
  value,
  label: PRIVACY_LABELS[value],
}));

function Created({ community }: { community: Community }) {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center" role="status">
        <CircleCheck className="size-12 text-success" aria-hidden />
        <h1 className="text-xl font-semibold">{communityMessages.created}</h1>
        <p className="text-sm text-muted-foreground">{communityMessages.createdText}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => void navigate(-1)}>Continue</Button>
          <Button variant="outline" asChild>
            <Link to={communityPath(community.id)}>Open {community.name}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** `/create-community` (`001` §2 Create Community): every field of the Community entity. */
export function CreateCommunityPage() {
  const id = useId();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CommunityDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [failed, setFailed] = useState(false);
  const [create, creating] = useCreateCommunityMutation();
  const [created, setCreated] = useState<Community | null>(null);

  const set = <K extends keyof CommunityDraft>(key: K, value: CommunityDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.name.trim() === '') {
      setErrors({ name: communityMessages.nameRequired });
      return;
    }
    setFailed(false);
    const answer = await create(draftFormData(draft));
    if ('error' in answer) {
      setFailed(true);
      setErrors(draftFieldErrors(apiErrorOf(answer.error)?.fields));
      return;
    }
    setCreated(answer.data);
  };

  if (created) return <Created community={created} />;
  const busy = creating.isLoading;
  const text = (field: 'website' | 'email' | 'location') => ({
    value: draft[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    error: errors[field],
    disabled: busy,
  });

  return (
    <>
      <PageHeader
        title="Create Community"
        description="Start a community around a shared interest."
      />
      <form onSubmit={(e) => void submit(e)} noValidate className="mx-auto grid max-w-2xl gap-5">
        {failed && <Alert>{communityMessages.createFailed}</Alert>}
        <TextField
          id={`${id}-name`}
          label="Community name"
          required
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
          disabled={busy}
        />
        <TextAreaField
          id={`${id}-description`}
          label="Description"
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
          disabled={busy}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField<CommunityCategory>
            id={`${id}-category`}
            label="Category"
            value={draft.category}
            options={CATEGORY_OPTIONS}
            onChange={(value) => set('category', value)}
            error={errors.category}
            disabled={busy}
          />
          <SelectField<CommunityPrivacy>
            id={`${id}-privacy`}
            label="Privacy"
            value={draft.privacy}
            options={PRIVACY_OPTIONS}
            onChange={(value) => set('privacy', value)}
            error={errors.privacy}
            disabled={busy}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id={`${id}-website`} label="Website" type="url" {...text('website')} />
          <TextField id={`${id}-email`} label="Email" type="email" {...text('email')} />
        </div>
        <TextField id={`${id}-location`} label="Location" {...text('location')} />
        <TagsField
          id={`${id}-tags`}
          tags={draft.tags}
          onChange={(tags) => set('tags', tags)}
          serverError={errors.tags}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <ImageDropField
            id="community-avatar"
            label="Avatar"
            hint="An image; shown at 256x256"
            file={draft.avatar}
            onChange={(file) => set('avatar', file)}
            shape="square"
            serverError={errors.avatar}
          />
          <ImageDropField
            id="community-banner"
            label="Banner"
            hint="An image; shown at 1200x400"
            file={draft.banner}
            onChange={(file) => set('banner', file)}
            shape="wide"
            serverError={errors.banner}
          />
        </div>
        <TextAreaField
          id={`${id}-rules`}
          label="Rules"
          value={draft.rules}
          onChange={(e) => set('rules', e.target.value)}
          error={errors.rules}
          disabled={busy}
        />
        <TextAreaField
          id={`${id}-welcome`}
          label="Welcome message"
          value={draft.welcomeMessage}
          onChange={(e) => set('welcomeMessage', e.target.value)}
          error={errors.welcomeMessage}
          disabled={busy}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => void navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? communityMessages.creating : 'Create Community'}
          </Button>
        </div>
      </form>
    </>
  );
}

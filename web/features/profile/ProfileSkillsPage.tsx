import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  EDUCATION_MAX,
  EXPERIENCE_MAX,
  profileMessages,
  type EducationEntry,
  type ExperienceEntry,
  type Profile,
} from '../../../shared/profiles';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorOf, type FieldErrors } from '../../lib/formErrors';
import { ChipsInput } from '../../components/ChipsInput';
import { useUpdateProfileMutation } from './profileApi';
import {
  checkSkillsEdit,
  LABEL_LISTS,
  newEducation,
  newExperience,
  skillsDraftOf,
  withEntry,
  type SkillsDraft,
  type SkillsField,
} from './skillsEdit';
import { SubjectPage } from './SubjectPage';

/** `/profile/skills`: skills, interests, experience, education, languages and certifications. */
export function ProfileSkillsPage() {
  return (
    <SubjectPage loadingLabel="Loading skills...">
      {(profile) => <Skills key={profile.id} profile={profile} />}
    </SubjectPage>
  );
}

function Skills({ profile }: { profile: Profile }) {
  const [draft, setDraft] = useState<SkillsDraft | null>(null);
  const name = profile.displayName || profile.username;
  return (
    <>
      <PageHeader
        title="Skills"
        description={
          profile.isSelf
            ? 'Your skills, interests, experience, education, languages and certifications.'
            : `The skills, experience and education of ${name}.`
        }
      >
        {profile.isSelf && !draft && (
          <Button onClick={() => setDraft(skillsDraftOf(profile))}>
            <Pencil aria-hidden />
            Edit
          </Button>
        )}
      </PageHeader>
      {draft ? (
        <SkillsEditor
          profile={profile}
          draft={draft}
          onDraft={setDraft}
          onDone={() => setDraft(null)}
        />
      ) : !profile.detailsVisible ? (
        <p className="py-16 text-center text-sm text-muted-foreground" data-testid="skills-hidden">
          This member shares these details only with the members their privacy allows.
        </p>
      ) : (
        <SkillsView profile={profile} />
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="grid content-start gap-3 p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

function SkillsView({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-6 md:grid-cols-2" data-testid="skills-view">
      {LABEL_LISTS.map(({ field, title }) => (
        <Section key={field} title={title}>
          {profile[field].length === 0 ? (
            <Empty>
              {field === 'skills'
                ? profileMessages.noSkills
                : `No ${title.toLowerCase()} added yet`}
            </Empty>
          ) : (
            <ul aria-label={title} className="flex flex-wrap gap-1.5">
              {profile[field].map((label) => (
                <li key={label} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs">
                  {label}
                </li>
              ))}
            </ul>
          )}
        </Section>
      ))}
      <Section title="Experience">
        {profile.experience.length === 0 ? (
          <Empty>No experience added yet</Empty>
        ) : (
          <ul className="grid gap-3">
            {profile.experience.map((entry) => (
              <li key={entry.id}>
                <p className="font-medium">
                  {[entry.title, entry.company].filter(Boolean).join(' at ')}
                </p>
                {entry.duration && (
                  <p className="text-xs text-muted-foreground">{entry.duration}</p>
                )}
                {entry.description && (
                  <p className="mt-1 text-sm whitespace-pre-line">{entry.description}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Education">
        {profile.education.length === 0 ? (
          <Empty>No education added yet</Empty>
        ) : (
          <ul className="grid gap-3">
            {profile.education.map((entry) => (
              <li key={entry.id}>
                <p className="font-medium">
                  {[entry.degree, entry.institution].filter(Boolean).join(', ')}
                </p>
                {entry.year && <p className="text-xs text-muted-foreground">{entry.year}</p>}
                {entry.description && (
                  <p className="mt-1 text-sm whitespace-pre-line">{entry.description}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

interface EditorProps {
  profile: Profile;
  draft: SkillsDraft;
  onDraft: (draft: SkillsDraft) => void;
  onDone: () => void;
}

function SkillsEditor({ profile, draft, onDraft, onDone }: EditorProps) {
  const [errors, setErrors] = useState<FieldErrors<SkillsField>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const set = <F extends SkillsField>(field: F, value: SkillsDraft[F]) => {
    onDraft({ ...draft, [field]: value });
    setErrors((before) => ({ ...before, [field]: undefined }));
  };

  async function save() {
    const check = checkSkillsEdit(profile, draft);
    if (check.kind === 'unchanged') {
      onDone();
      return;
    }
    if (check.kind === 'invalid') {
      setErrors(check.errors);
      return;
    }
    setProblem(null);
    try {
      await updateProfile({ userId: profile.id, edit: check.edit }).unwrap();
      toast.success('Skills saved');
      onDone();
    } catch (failure) {
      setProblem(apiErrorOf(failure)?.message ?? profileMessages.updateFailed);
      toast.error(profileMessages.updateFailed);
    }
  }

  return (
    <form
      className="grid gap-6"
      data-testid="skills-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="grid gap-6 md:grid-cols-2">
        {LABEL_LISTS.map(({ field, title, max, placeholder }) => (
          <Card key={field} className="grid content-start gap-2 p-5">
            <ChipsInput
              label={title}
              chips={draft[field]}
              max={max}
              placeholder={placeholder}
              onChange={(chips) => set(field, chips)}
            />
            {errors[field] && <Alert>{errors[field]}</Alert>}
          </Card>
        ))}
      </div>
      <EntriesEditor
        title="Experience"
        entries={draft.experience}
        max={EXPERIENCE_MAX}
        error={errors.experience}
        make={newExperience}
        onChange={(experience) => set('experience', experience)}
        fields={[
          { key: 'title', label: 'Title' },
          { key: 'company', label: 'Company' },
          { key: 'duration', label: 'Duration' },
        ]}
        describe={(entry: ExperienceEntry) => entry.title || 'New experience'}
      />
      <EntriesEditor
        title="Education"
        entries={draft.education}
        max={EDUCATION_MAX}
        error={errors.education}
        make={newEducation}
        onChange={(education) => set('education', education)}
        fields={[
          { key: 'degree', label: 'Degree' },
          { key: 'institution', label: 'Institution' },
          { key: 'year', label: 'Year' },
        ]}
        describe={(entry: EducationEntry) => entry.degree || 'New education'}
      />
      {problem && <Alert data-testid="skills-error">{problem}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading && <Spinner />}
          Save
        </Button>
      </div>
    </form>
  );
}

interface EntriesEditorProps<E extends { id: string; description: string }> {
  title: string;
  entries: readonly E[];
  max: number;
  error: string | undefined;
  make: (id: string) => E;
  onChange: (entries: readonly E[]) => void;
  fields: readonly { key: Exclude<keyof E, 'id' | 'description'> & string; label: string }[];
  describe: (entry: E) => string;
}

/** Experience or education entries: each with its fields and a description, added and removed. */
function EntriesEditor<E extends { id: string; description: string }>({
  title,
  entries,
  max,
  error,
  make,
  onChange,
  fields,
  describe,
}: EntriesEditorProps<E>) {
  const id = useId();
  return (
    <Card className="grid gap-4 p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        <Button
          variant="outline"
          size="sm"
          disabled={entries.length >= max}
          onClick={() => onChange([...entries, make(crypto.randomUUID())])}
        >
          <Plus aria-hidden />
          Add {title.toLowerCase()}
        </Button>
      </div>
      {entries.length === 0 && <Empty>{`No ${title.toLowerCase()} added yet`}</Empty>}
      <ul className="grid gap-4">
        {entries.map((entry, index) => (
          <li key={entry.id}>
            <fieldset className="grid gap-3 rounded-xl border p-4">
              <legend className="px-1 text-sm font-medium">{describe(entry)}</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {fields.map(({ key, label }) => (
                  <TextField
                    key={key}
                    id={`${id}-${index}-${key}`}
                    label={label}
                    value={String(entry[key])}
                    onChange={(event) =>
                      onChange(withEntry(entries, { ...entry, [key]: event.target.value }))
                    }
                  />
                ))}
              </div>
              <label htmlFor={`${id}-${index}-description`} className="text-sm font-medium">
                Description
              </label>
              <textarea
                id={`${id}-${index}-description`}
                rows={3}
                value={entry.description}
                onChange={(event) =>
                  onChange(withEntry(entries, { ...entry, description: event.target.value }))
                }
                className="rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40"
              />
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-end"
                aria-label={`Remove ${describe(entry)}`}
                onClick={() => onChange(entries.filter((each) => each.id !== entry.id))}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </fieldset>
          </li>
        ))}
      </ul>
      {error && <Alert>{error}</Alert>}
    </Card>
  );
}

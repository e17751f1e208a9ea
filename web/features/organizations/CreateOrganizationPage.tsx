import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  businessFieldMessages,
  COMPANY_SIZES,
  currentYear,
  FOUNDED_YEAR_MIN,
  ORGANIZATION_INDUSTRIES,
} from '../../../shared/business';
import { organizationMessages } from '../../../shared/communities';
import {
  ORGANIZATION_FORM_FIELDS,
  type OrganizationFormField,
} from '../../../shared/organizations';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { fieldErrorId, TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { apiErrorOf } from '../../lib/formErrors';
import { optionsOf, SelectField, TextAreaField } from '../../components/FormControls';
import { useCreateOrganizationMutation } from './organizationsApi';

type Values = Record<OrganizationFormField, string>;
type Images = { logo: File | null; banner: File | null };
type Errors = Partial<Record<OrganizationFormField | keyof Images, string>>;

const EMPTY = Object.fromEntries(ORGANIZATION_FORM_FIELDS.map((name) => [name, ''])) as Values;

const TEXT_FIELDS: { name: OrganizationFormField; label: string; type: string }[] = [
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'address', label: 'Address', type: 'text' },
  { name: 'city', label: 'City', type: 'text' },
  { name: 'state', label: 'State', type: 'text' },
  { name: 'zipCode', label: 'ZIP Code', type: 'text' },
  { name: 'country', label: 'Country', type: 'text' },
];

const LABELS: Record<string, string> = {
  name: 'Organization Name',
  description: 'Description',
  industry: 'Industry',
  size: 'Size',
  foundedYear: 'Founded Year',
  logo: 'Logo',
  banner: 'Banner',
  ...Object.fromEntries(TEXT_FIELDS.map(({ name, label }) => [name, label])),
};

/** The multipart form of `001` §7: only the fields that are set, and the images chosen. */
function formDataOf(values: Values, images: Images): FormData {
  const form = new FormData();
  for (const name of ORGANIZATION_FORM_FIELDS) {
    const value = values[name].trim();
    if (value !== '') form.append(name, value);
  }
  if (images.logo) form.append('logo', images.logo);
  if (images.banner) form.append('banner', images.banner);
  return form;
}

function Created({ onContinue }: { onContinue: () => void }) {
  return (
    <Card className="mx-auto max-w-md">
      <CardContent className="grid justify-items-center gap-4 p-8 text-center">
        <CircleCheck className="size-12 text-success" aria-hidden />
        <h1 className="text-2xl font-semibold">{organizationMessages.created}</h1>
        <Button onClick={onContinue} autoFocus>
          Continue
        </Button>
      </CardContent>
    </Card>
  );
}

function ImageInput({
  name,
  label,
  error,
  onChange,
}: {
  name: keyof Images;
  label: string;
  error?: string;
  onChange: (file: File | null, problem: string | null) => void;
}) {
  const id = `organization-${name}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="text-sm"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          if (file && !file.type.startsWith('image/')) {
            event.target.value = '';
            onChange(null, businessFieldMessages.image);
          } else {
            onChange(file, null);
          }
        }}
      />
      {error && (
        <p id={fieldErrorId(id)} className="text-[0.8rem] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** `/create-organization`: every field of `001` §3, 'Creating...', then the success screen. */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [images, setImages] = useState<Images>({ logo: null, banner: null });
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  const [created, setCreated] = useState(false);
  const [create, { isLoading: creating }] = useCreateOrganizationMutation();

  const set = (name: OrganizationFormField) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const goBack = () => void navigate(-1);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    if (values.name.trim() === '') {
      setErrors({ name: organizationMessages.nameRequired });
      return;
    }
    try {
      await create(formDataOf(values, images)).unwrap();
      setCreated(true);
    } catch (failure) {
      setErrors((apiErrorOf(failure)?.fields ?? {}) as Errors);
      setFailed(true);
    }
  }

  if (created) return <Created onContinue={goBack} />;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Create Organization"
        description="Set up an organization for your team or company."
      />
      <form noValidate aria-label="Create organization" className="grid gap-6" onSubmit={submit}>
        {failed && (
          <Alert>
            <p>{organizationMessages.createFailed}</p>
            {Object.keys(errors).length > 0 && (
              <ul className="mt-1 list-disc pl-4">
                {Object.entries(errors).map(([field, message]) => (
                  <li key={field}>
                    {LABELS[field] ?? field}: {message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <TextField
          id="organization-name"
          label="Organization Name *"
          required
          value={values.name}
          error={errors.name}
          onChange={(event) => set('name')(event.target.value)}
        />
        <TextAreaField
          id="organization-description"
          label="Description"
          value={values.description}
          error={errors.description}
          onChange={(event) => set('description')(event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            id="organization-industry"
            label="Industry"
            placeholder="Select industry"
            options={optionsOf(ORGANIZATION_INDUSTRIES)}
            value={values.industry}
            error={errors.industry}
            onChange={(event) => set('industry')(event.target.value)}
          />
          <SelectField
            id="organization-size"
            label="Size"
            placeholder="Select size"
            options={COMPANY_SIZES.map((value) => ({ value, label: `${value} employees` }))}
            value={values.size}
            error={errors.size}
            onChange={(event) => set('size')(event.target.value)}
          />
          <TextField
            id="organization-foundedYear"
            label="Founded Year"
            type="number"
            inputMode="numeric"
            min={FOUNDED_YEAR_MIN}
            max={currentYear()}
            value={values.foundedYear}
            error={errors.foundedYear}
            onChange={(event) => set('foundedYear')(event.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map(({ name, label, type }) => (
            <TextField
              key={name}
              id={`organization-${name}`}
              label={label}
              type={type}
              value={values[name]}
              error={errors[name]}
              onChange={(event) => set(name)(event.target.value)}
            />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ImageInput
            name="logo"
            label="Logo (256x256)"
            error={errors.logo}
            onChange={(file, problem) => {
              setImages((current) => ({ ...current, logo: file }));
              setErrors((current) => ({ ...current, logo: problem ?? undefined }));
            }}
          />
          <ImageInput
            name="banner"
            label="Banner (1200x400)"
            error={errors.banner}
            onChange={(file, problem) => {
              setImages((current) => ({ ...current, banner: file }));
              setErrors((current) => ({ ...current, banner: problem ?? undefined }));
            }}
          />
        </div>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={goBack}>
            Cancel
          </Button>
          <Button type="submit" disabled={creating}>
            {creating ? organizationMessages.creating : 'Create Organization'}
          </Button>
        </div>
      </form>
    </div>
  );
}

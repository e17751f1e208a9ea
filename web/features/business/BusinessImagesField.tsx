import { useState } from 'react';
import {
  BANNER_SIZE,
  businessFieldMessages,
  LOGO_SIZE,
  type BusinessAccountFields,
} from '../../../shared/business';
import { Button } from '../../components/ui/button';
import { fieldErrorId } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import type { FieldErrors, SetField } from './businessDraft';
import { imageDataUrl } from './businessImages';

type Kind = 'logo' | 'banner';
const SIZES = { logo: LOGO_SIZE, banner: BANNER_SIZE } as const;
const LABELS = { logo: 'Logo (256x256)', banner: 'Banner (1200x400)' } as const;

function ImagePicker({
  kind,
  value,
  error,
  onChange,
}: {
  kind: Kind;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const id = `business-${kind}`;
  const shown = problem ?? error;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{LABELS[kind]}</Label>
      {value && (
        <img
          src={value}
          alt={`Business ${kind}`}
          className={
            kind === 'logo'
              ? 'size-24 rounded-lg border object-cover'
              : 'aspect-[3/1] w-full max-w-md rounded-lg border object-cover'
          }
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="file"
          accept="image/*"
          className="text-sm"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? fieldErrorId(id) : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!file.type.startsWith('image/')) {
              setProblem(businessFieldMessages.image);
              return;
            }
            setProblem(null);
            imageDataUrl(file, SIZES[kind]).then(onChange, () =>
              setProblem(businessFieldMessages.imageUnreadable),
            );
          }}
        />
        {value && (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange('')}>
            Remove {kind}
          </Button>
        )}
      </div>
      {shown && (
        <p id={fieldErrorId(id)} className="text-[0.8rem] font-medium text-destructive">
          {shown}
        </p>
      )}
    </div>
  );
}

/** The logo and banner: images only, cut to size here and stored by the save. */
export function BusinessImagesField({
  draft,
  setField,
  errors,
}: {
  draft: BusinessAccountFields;
  setField: SetField;
  errors: FieldErrors;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(['logo', 'banner'] as const).map((kind) => (
        <ImagePicker
          key={kind}
          kind={kind}
          value={draft[kind]}
          error={errors[kind]}
          onChange={(value) => setField(kind, value)}
        />
      ))}
    </div>
  );
}

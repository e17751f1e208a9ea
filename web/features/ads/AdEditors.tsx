import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  adsMessages,
  deviceTargetSchema,
  type AdDefinition,
  type AdPlacement,
  type DeviceTarget,
} from '../../../shared/ads';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField, fieldErrorId } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { apiErrorOf } from '../../lib/formErrors';
import {
  definitionDraft,
  definitionOutcome,
  placementDraft,
  placementOutcome,
  type FormErrors,
} from './adForms';
import { useUpdateAdDefinitionMutation, useUpdateAdPlacementMutation } from './adsApi';

const inputClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The server's field errors, or its message under `form`; a network failure says so. */
function errorsOfFailure(failure: unknown): FormErrors {
  const error = apiErrorOf(failure);
  if (!error) return { form: 'Agora is not reachable. Check your connection and try again.' };
  return { ...error.fields, form: error.fields ? undefined : error.message };
}

function FormFooter({ saving, errors }: { saving: boolean; errors: FormErrors }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
      {errors.form && <Alert className="flex-1">{errors.form}</Alert>}
    </div>
  );
}

function CheckField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={props.id}
        checked={props.checked}
        onCheckedChange={(value) => props.onChange(value === true)}
      />
      <Label htmlFor={props.id}>{props.label}</Label>
    </div>
  );
}

function AreaField(props: {
  id: string;
  label: string;
  hint?: ReactNode;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const hintId = `${props.id}-hint`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <textarea
        id={props.id}
        rows={3}
        className={inputClass}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={
          [props.hint ? hintId : '', props.error ? fieldErrorId(props.id) : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={fieldErrorId(props.id)} className="text-[0.8rem] font-medium text-destructive">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** One ad's editable fields; a save sends only what changed, checked as the server checks it. */
export function AdDefinitionEditor({ ad }: { ad: AdDefinition }) {
  const id = useId();
  const [draft, setDraft] = useState(() => definitionDraft(ad));
  const [errors, setErrors] = useState<FormErrors>({});
  const [update, { isLoading }] = useUpdateAdDefinitionMutation();
  const change = (patch: Partial<typeof draft>) => setDraft({ ...draft, ...patch });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = definitionOutcome(ad, draft);
    if (outcome.kind === 'unchanged') return setErrors({ form: adsMessages.nothingToChange });
    if (outcome.kind === 'invalid') return setErrors(outcome.errors);
    setErrors({});
    const result = await update({ id: ad.id, patch: outcome.patch });
    if ('error' in result) setErrors(errorsOfFailure(result.error));
    else toast.success(`"${result.data.title}" saved`);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={`Edit ${ad.title}`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-title`}
          label="Title"
          value={draft.title}
          error={errors.title}
          onChange={(e) => change({ title: e.target.value })}
        />
        <TextField
          id={`${id}-badge`}
          label="Badge"
          value={draft.badge}
          error={errors.badge}
          onChange={(e) => change({ badge: e.target.value })}
        />
      </div>
      <AreaField
        id={`${id}-description`}
        label="Description"
        value={draft.description}
        error={errors.description}
        onChange={(description) => change({ description })}
      />
      <AreaField
        id={`${id}-features`}
        label="Features"
        hint="One feature a line, at most six."
        value={draft.features}
        error={errors.features}
        onChange={(features) => change({ features })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id={`${id}-button`}
          label="Button"
          value={draft.buttonText}
          error={errors.buttonText}
          onChange={(e) => change({ buttonText: e.target.value })}
        />
        <TextField
          id={`${id}-priority`}
          label="Priority"
          inputMode="numeric"
          value={draft.priority}
          error={errors.priority}
          onChange={(e) => change({ priority: e.target.value })}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-device`}>Device</Label>
          <select
            id={`${id}-device`}
            className={inputClass}
            value={draft.deviceTarget}
            onChange={(e) => change({ deviceTarget: e.target.value as DeviceTarget })}
          >
            {deviceTargetSchema.options.map((target) => (
              <option key={target} value={target}>
                {target}
              </option>
            ))}
          </select>
        </div>
      </div>
      <CheckField
        id={`${id}-active`}
        label="Active (shown to members)"
        checked={draft.active}
        onChange={(active) => change({ active })}
      />
      <FormFooter saving={isLoading} errors={errors} />
    </form>
  );
}

/** A placement's rotation and its third-party network switch (off by default, 002 §7). */
export function PlacementEditor({ placement }: { placement: AdPlacement }) {
  const id = useId();
  const [draft, setDraft] = useState(() => placementDraft(placement));
  const [errors, setErrors] = useState<FormErrors>({});
  const [update, { isLoading }] = useUpdateAdPlacementMutation();
  const change = (patch: Partial<typeof draft>) => setDraft({ ...draft, ...patch });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = placementOutcome(placement, draft);
    if (outcome.kind === 'unchanged') return setErrors({ form: adsMessages.nothingToChange });
    if (outcome.kind === 'invalid') return setErrors(outcome.errors);
    setErrors({});
    const result = await update({ id: placement.id, patch: outcome.patch });
    if ('error' in result) setErrors(errorsOfFailure(result.error));
    else toast.success(`Placement ${result.data.id} saved`);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={`Edit ${placement.id}`}>
      <CheckField
        id={`${id}-rotate`}
        label="Rotate automatically"
        checked={draft.autoRotate}
        onChange={(autoRotate) => change({ autoRotate })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-interval`}
          label="Rotation interval (ms)"
          inputMode="numeric"
          value={draft.rotationInterval}
          error={errors.rotationInterval}
          onChange={(e) => change({ rotationInterval: e.target.value })}
        />
        <TextField
          id={`${id}-max`}
          label="Ads at most"
          inputMode="numeric"
          value={draft.maxAds}
          error={errors.maxAds}
          onChange={(e) => change({ maxAds: e.target.value })}
        />
      </div>
      <CheckField
        id={`${id}-network`}
        label="Third-party ad network"
        checked={draft.adSenseEnabled}
        onChange={(adSenseEnabled) => change({ adSenseEnabled })}
      />
      <TextField
        id={`${id}-unit`}
        label="Ad unit id"
        inputMode="numeric"
        value={draft.adSenseUnitId}
        error={errors.adSenseUnitId}
        onChange={(e) => change({ adSenseUnitId: e.target.value })}
      />
      <FormFooter saving={isLoading} errors={errors} />
    </form>
  );
}

import type { z } from 'zod';
import {
  patchAdDefinitionSchema,
  patchAdPlacementSchema,
  type AdDefinition,
  type AdPlacement,
  type DeviceTarget,
  type PatchAdDefinition,
  type PatchAdPlacement,
} from '../../../shared/ads';

/** What the owner's form holds: text as typed, one feature a line. */
export interface DefinitionDraft {
  title: string;
  description: string;
  features: string;
  buttonText: string;
  badge: string;
  priority: string;
  deviceTarget: DeviceTarget;
  active: boolean;
}

export interface PlacementDraft {
  autoRotate: boolean;
  rotationInterval: string;
  maxAds: string;
  adSenseEnabled: boolean;
  adSenseUnitId: string;
}

export type FormErrors = Partial<Record<string, string>>;

/** A form's outcome: the fields that changed, valid; the errors per field; or nothing changed. */
export type FormOutcome<P> =
  { kind: 'patch'; patch: P } | { kind: 'invalid'; errors: FormErrors } | { kind: 'unchanged' };

export function definitionDraft(ad: AdDefinition): DefinitionDraft {
  return {
    title: ad.title,
    description: ad.description,
    features: ad.features.join('\n'),
    buttonText: ad.buttonText,
    badge: ad.badge,
    priority: String(ad.priority),
    deviceTarget: ad.deviceTarget,
    active: ad.active,
  };
}

export function placementDraft(placement: AdPlacement): PlacementDraft {
  return {
    autoRotate: placement.autoRotate,
    rotationInterval: String(placement.rotationInterval),
    maxAds: String(placement.maxAds),
    adSenseEnabled: placement.adSenseEnabled,
    adSenseUnitId: placement.adSenseUnitId ?? '',
  };
}

export const NOT_A_NUMBER = 'Enter a whole number';

/** A number field as typed, or null when what was typed is not a number. */
function typedNumber(value: string): number | null {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : null;
}

/** The first message per field; a message about the whole object goes under `form`. */
function errorsOf(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    const key = typeof field === 'string' ? field : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * The PATCH for an ad from its form: only fields the owner changed, checked by the server's own
 * schema, so the form refuses what the server would and says so beside the field.
 */
export function definitionOutcome(
  ad: AdDefinition,
  draft: DefinitionDraft,
): FormOutcome<PatchAdDefinition> {
  const features = draft.features
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const candidate: Record<string, unknown> = {};
  if (draft.title !== ad.title) candidate.title = draft.title;
  if (draft.description !== ad.description) candidate.description = draft.description;
  if (!sameList(features, ad.features)) candidate.features = features;
  if (draft.buttonText !== ad.buttonText) candidate.buttonText = draft.buttonText;
  if (draft.badge !== ad.badge) candidate.badge = draft.badge;
  const priority = typedNumber(draft.priority);
  if (priority === null) return { kind: 'invalid', errors: { priority: NOT_A_NUMBER } };
  if (priority !== ad.priority) candidate.priority = priority;
  if (draft.deviceTarget !== ad.deviceTarget) candidate.deviceTarget = draft.deviceTarget;
  if (draft.active !== ad.active) candidate.active = draft.active;
  if (Object.keys(candidate).length === 0) return { kind: 'unchanged' };
  const parsed = patchAdDefinitionSchema.safeParse(candidate);
  return parsed.success
    ? { kind: 'patch', patch: parsed.data }
    : { kind: 'invalid', errors: errorsOf(parsed.error) };
}

export function placementOutcome(
  placement: AdPlacement,
  draft: PlacementDraft,
): FormOutcome<PatchAdPlacement> {
  const candidate: Record<string, unknown> = {};
  if (draft.autoRotate !== placement.autoRotate) candidate.autoRotate = draft.autoRotate;
  const interval = typedNumber(draft.rotationInterval);
  const maxAds = typedNumber(draft.maxAds);
  if (interval === null || maxAds === null) {
    return {
      kind: 'invalid',
      errors: {
        ...(interval === null && { rotationInterval: NOT_A_NUMBER }),
        ...(maxAds === null && { maxAds: NOT_A_NUMBER }),
      },
    };
  }
  if (interval !== placement.rotationInterval) candidate.rotationInterval = interval;
  if (maxAds !== placement.maxAds) candidate.maxAds = maxAds;
  if (draft.adSenseEnabled !== placement.adSenseEnabled) {
    candidate.adSenseEnabled = draft.adSenseEnabled;
  }
  const unitId = draft.adSenseUnitId.trim() === '' ? null : draft.adSenseUnitId.trim();
  if (unitId !== placement.adSenseUnitId) candidate.adSenseUnitId = unitId;
  if (draft.adSenseEnabled && unitId === null) {
    return { kind: 'invalid', errors: { adSenseUnitId: 'The ad network needs an ad unit id' } };
  }
  if (Object.keys(candidate).length === 0) return { kind: 'unchanged' };
  const parsed = patchAdPlacementSchema.safeParse(candidate);
  return parsed.success
    ? { kind: 'patch', patch: parsed.data }
    : { kind: 'invalid', errors: errorsOf(parsed.error) };
}

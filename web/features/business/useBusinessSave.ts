import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BUSINESS_SAVED_BANNER_MS,
  type BusinessAccount,
  type BusinessAccountFields,
} from '../../../shared/business';
import { apiErrorOf } from '../../lib/formErrors';
import { useGetBusinessAccountQuery, useSaveBusinessAccountMutation } from './businessApi';
import { draftOf, type FieldErrors } from './businessDraft';

export type SaveOutcome = 'saved' | 'failed' | 'conflict' | null;

/**
 * Saves the whole draft from any tab: 'Saving...' meanwhile, then the success banner for three
 * seconds (`001` §9) or the failure text with the server's errors by field. A save answers the
 * account as kept (images as stored URLs), which becomes the draft. Each save names the version
 * the draft was read at, so a save from a tab that missed another's change is refused
 * ('conflict') instead of undoing it; `reload` then takes the account as it is now.
 */
export function useBusinessSave(account: BusinessAccount): {
  draft: BusinessAccountFields;
  setDraft: (update: (draft: BusinessAccountFields) => BusinessAccountFields) => void;
  save: () => Promise<void>;
  reload: () => Promise<void>;
  saving: boolean;
  outcome: SaveOutcome;
  errors: FieldErrors;
} {
  const [draft, setDraftState] = useState(() => draftOf(account));
  const [saveAccount, { isLoading: saving }] = useSaveBusinessAccountMutation();
  const { refetch } = useGetBusinessAccountQuery();
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  // A deleted account (the read answers `exists: false` again) starts the draft over.
  const existed = useRef(account.exists);
  useEffect(() => {
    if (existed.current && !account.exists) {
      setDraftState(draftOf(account));
      setErrors({});
      setOutcome(null);
    }
    existed.current = account.exists;
  }, [account]);

  useEffect(() => {
    if (outcome !== 'saved') return;
    const timer = setTimeout(() => setOutcome(null), BUSINESS_SAVED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const setDraft = useCallback(
    (update: (draft: BusinessAccountFields) => BusinessAccountFields) => setDraftState(update),
    [],
  );

  const save = useCallback(async () => {
    setOutcome(null);
    try {
      const saved = await saveAccount({ ...draft, version: account.version }).unwrap();
      setDraftState(draftOf(saved));
      setErrors({});
      setOutcome('saved');
    } catch (failure) {
      const error = apiErrorOf(failure);
      setErrors(error?.fields ?? {});
      setOutcome(error?.code === 'version-conflict' ? 'conflict' : 'failed');
    }
  }, [account.version, draft, saveAccount]);

  const reload = useCallback(async () => {
    const { data } = await refetch();
    if (!data) return;
    setDraftState(draftOf(data));
    setErrors({});
    setOutcome(null);
  }, [refetch]);

  return { draft, setDraft, save, reload, saving, outcome, errors };
}

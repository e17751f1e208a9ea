import { useState } from 'react';
import { toast } from 'sonner';
import { describeFailure, type FieldErrors } from '../../lib/formErrors';

/**
 * The error behaviour every account form shares: messages under fields (cleared when the field
 * is edited), focus on the first field in error, and general errors in the alert and a toast.
 */
export function useFormFeedback<F extends string>(fields: readonly F[], ids: Record<F, string>) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const showFieldErrors = (fieldErrors: FieldErrors<F>) => {
    setErrors(fieldErrors);
    const first = fields.find((field) => fieldErrors[field]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  const showGeneral = (message: string) => {
    setGeneral(message);
    toast.error(message);
  };

  return {
    errors,
    general,
    reset() {
      setErrors({});
      setGeneral(null);
    },
    clearField(field: F) {
      setErrors(({ [field]: _cleared, ...rest }) => rest as FieldErrors<F>);
    },
    showFieldErrors,
    showGeneral,
    /** A failed request: the spec's text at its field, in the alert and a toast, or the fallback. */
    showFailure(failure: unknown, fallback: string) {
      const { fields: fieldErrors, general: message } = describeFailure(failure, fields, fallback);
      showFieldErrors(fieldErrors);
      if (message) showGeneral(message);
    },
  };
}

import { useCallback } from 'react';
import { EmailLinkPage } from '../email';
import { useConfirmEmailChangeMutation } from './settingsApi';

/** Opens from the link sent to a new address: following it moves the account there. */
export function ConfirmEmailChangePage() {
  const [confirm, result] = useConfirmEmailChangeMutation();
  const send = useCallback((token: string) => void confirm({ token }), [confirm]);
  return (
    <EmailLinkPage
      documentTitle="Confirm Email"
      title="Confirm your new email"
      pending="Confirming…"
      send={send}
      result={{ ...result, message: result.data }}
    />
  );
}

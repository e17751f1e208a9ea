import { accountMessages, exportFileName } from '../../../shared/account';
import {
  canConfirmDeletion,
  deletionFailureOf,
} from '../../../web/features/account/deleteAccountForm';
import { fileNameOf, progressLabel } from '../../../web/features/account/exportDownload';

const failure = (error: object) => ({ status: 403, data: { error } });

describe('Download My Data', () => {
  it('saves under the name the server gave, else under the day', () => {
    expect(fileNameOf('attachment; filename=agora-data-2026-11-25.zip')).toBe(
      'agora-data-2026-11-25.zip',
    );
    expect(fileNameOf('attachment; filename="agora-data-2026-11-25.zip"')).toBe(
      'agora-data-2026-11-25.zip',
    );
    const now = new Date('2026-11-26T08:00:00Z');
    expect(fileNameOf(null, now)).toBe(exportFileName(now));
    expect(exportFileName(now)).toBe('agora-data-2026-11-26.zip');
  });

  it('says Preparing… until bytes arrive, then how many', () => {
    expect(progressLabel({ phase: 'preparing' })).toBe('Preparing…');
    expect(progressLabel({ phase: 'downloading', bytes: 1000 })).toBe('Downloading… <0.1 MB');
    expect(progressLabel({ phase: 'downloading', bytes: 5.25 * 1024 * 1024 })).toBe(
      'Downloading… 5.3 MB',
    );
  });
});

describe('Delete Account', () => {
  it('offers the destructive button only with a password and DELETE typed exactly', () => {
    expect(canConfirmDeletion('', 'DELETE')).toBe(false);
    expect(canConfirmDeletion('secret', 'delete')).toBe(false);
    expect(canConfirmDeletion('secret', 'DELETE ')).toBe(false);
    expect(canConfirmDeletion('secret', 'DELETE')).toBe(true);
  });

  it('places each refusal where the member can act on it', () => {
    expect(
      deletionFailureOf(
        failure({ code: 'wrong-password', message: accountMessages.wrongPassword }),
      ),
    ).toEqual({ password: accountMessages.wrongPassword });
    expect(
      deletionFailureOf(
        failure({
          code: 'confirmation-mismatch',
          message: accountMessages.confirmationMismatch,
          fields: { confirmation: accountMessages.confirmationMismatch },
        }),
      ),
    ).toEqual({ confirmation: accountMessages.confirmationMismatch });
    expect(deletionFailureOf(failure({ code: 'unauthorized', message: 'Sign in' }))).toEqual({
      general: 'Sign in',
    });
    expect(deletionFailureOf({ status: 'FETCH_ERROR', error: 'offline' })).toEqual({
      general: accountMessages.deleteFailed,
    });
  });
});

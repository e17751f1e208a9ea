import { passwordChangeMessages as m } from '../../../shared/auth/security-messages';
import { changePasswordProblems } from '../../../web/features/security/ChangePasswordForm';

const valid = {
  currentPassword: 'Old-Secret-1',
  newPassword: 'Fresh-Harbour-42',
  confirmPassword: 'Fresh-Harbour-42',
};

describe('the change password form', () => {
  it('asks for every field first', () => {
    expect(
      changePasswordProblems({ currentPassword: '', newPassword: '', confirmPassword: '' }, 'ana'),
    ).toEqual({
      fields: {
        currentPassword: m.currentRequired,
        newPassword: m.newRequired,
        confirmPassword: m.confirmRequired,
      },
      general: null,
    });
  });

  it('refuses a new password that misses a rule with the spec text', () => {
    const weak = { ...valid, newPassword: 'weak', confirmPassword: 'weak' };
    expect(changePasswordProblems(weak, 'ana')).toEqual({
      fields: { newPassword: m.requirementsNotMet },
      general: m.requirementsNotMet,
    });
    const holdingName = {
      ...valid,
      newPassword: 'Fresh-ANA-42xx',
      confirmPassword: 'Fresh-ANA-42xx',
    };
    expect(changePasswordProblems(holdingName, 'ana').general).toBe(m.requirementsNotMet);
  });

  it('refuses a confirmation that does not match', () => {
    expect(
      changePasswordProblems({ ...valid, confirmPassword: 'Fresh-Harbour-43' }, 'ana'),
    ).toEqual({
      fields: { confirmPassword: m.mismatch },
      general: null,
    });
  });

  it('refuses the current password as the new one', () => {
    const same = { ...valid, currentPassword: valid.newPassword };
    expect(changePasswordProblems(same, 'ana').fields).toEqual({ newPassword: m.sameAsCurrent });
  });

  it('lets a valid change through', () => {
    expect(changePasswordProblems(valid, 'ana')).toEqual({ fields: {}, general: null });
  });
});

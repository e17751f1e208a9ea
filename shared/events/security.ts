import { z } from 'zod';
import { RECOVERY_CODE_COUNT } from '../auth/security-messages';

/** A secret sealed with the deployment's key (AES-256-GCM): never readable from the log. */
const sealed = z.string().min(1).max(500);
const codeHash = z.string().length(64);

export const securityEvents = {
  /** An owner asks a member to choose a new password before anything else. */
  PasswordRotationRequired: z.strictObject({ userId: z.uuid(), byUserId: z.uuid() }),
  /** A new TOTP secret, pending until a code from it is confirmed. */
  TwoFactorSetupStarted: z.strictObject({ userId: z.uuid(), sealedSecret: sealed }),
  /** The pending secret confirmed; the SHA-256 of each new recovery code. */
  TwoFactorEnabled: z.strictObject({
    userId: z.uuid(),
    recoveryCodeHashes: z.array(codeHash).length(RECOVERY_CODE_COUNT),
  }),
  TwoFactorDisabled: z.strictObject({ userId: z.uuid() }),
  TwoFactorRecoveryCodeUsed: z.strictObject({ userId: z.uuid(), codeHash }),
};

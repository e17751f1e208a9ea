import { z } from 'zod';
import { roleSchema } from '../auth/schemas';

export const accountEvents = {
  UserRegistered: z.strictObject({
    userId: z.uuid(),
    username: z.string().min(3).max(30),
    email: z.string().max(254),
    passwordHash: z.string().min(1),
    role: roleSchema,
  }),
  UserSignedIn: z.strictObject({
    userId: z.uuid(),
    sessionId: z.uuid(),
    rememberMe: z.boolean(),
  }),
  UserSignedOut: z.strictObject({ userId: z.uuid(), sessionId: z.uuid() }),
  PasswordResetRequested: z.strictObject({
    userId: z.uuid(),
    tokenId: z.uuid(),
    tokenHash: z.string().length(64),
    expiresAt: z.iso.datetime(),
  }),
  PasswordChanged: z.strictObject({
    userId: z.uuid(),
    passwordHash: z.string().min(1),
    resetTokenId: z.uuid().optional(),
  }),
  EmailVerificationRequested: z.strictObject({
    userId: z.uuid(),
    tokenId: z.uuid(),
    tokenHash: z.string().length(64),
    expiresAt: z.iso.datetime(),
  }),
  EmailVerified: z.strictObject({ userId: z.uuid(), tokenId: z.uuid() }),
  UserDisabled: z.strictObject({ userId: z.uuid(), byUserId: z.uuid() }),
  UserEnabled: z.strictObject({ userId: z.uuid(), byUserId: z.uuid() }),
  /** `byUserId` is null when the test-only route changed it. */
  UserRoleChanged: z.strictObject({
    userId: z.uuid(),
    role: roleSchema,
    byUserId: z.uuid().nullable(),
  }),
  /**
   * The member deleted their account: every read model drops what was theirs. The events that
   * carried their personal data are redacted in the same transaction (server/domains/account).
   */
  AccountDeleted: z.strictObject({ userId: z.uuid() }),
};

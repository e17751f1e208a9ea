import {
  businessMessages,
  type BusinessAccount,
  type BusinessAccountFields,
} from '../../../shared/business';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import { notFound, versionConflict } from '../../core/errors';
import { streamVersion } from '../../core/reads';
import { businessAccountRead } from './business-read';
import { businessStreamId } from './streams';

export const businessAccountNotFound = () =>
  notFound(businessMessages.notFound, 'business-account-not-found');

/** Refuses a save made from another version than the account's own (see `expectedVersion`). */
export function requireAccountVersion(current: BusinessAccount, expectedVersion?: number): void {
  if (expectedVersion !== undefined && expectedVersion !== current.version) {
    throw versionConflict(businessMessages.changedElsewhere, current.version);
  }
}

interface SaveInput {
  userId: string;
  account: BusinessAccountFields;
  savedAt: string;
  /**
   * The account's version as the client read it (0 before it had one, or after its deletion),
   * if the client sent it: the save is refused if the account has moved on since.
   */
  expectedVersion?: number;
}

/** Saves the whole account (images already stored and given as URLs); answers it as kept. */
export const saveBusinessAccount = defineCommand({
  name: 'business.save',
  load: ({ userId }: SaveInput) => ({
    current: businessAccountRead(userId),
    version: streamVersion(businessStreamId(userId)),
  }),
  decide(
    { current, version },
    { userId, account, savedAt, expectedVersion },
  ): Decision<BusinessAccount> {
    requireAccountVersion(current, expectedVersion);
    return {
      appends: [
        appendTo(businessStreamId(userId), version, [
          { type: 'BusinessAccountSaved', data: { userId, account, savedAt } },
        ]),
      ],
      result: { ...account, exists: true, version: version + 1, updatedAt: savedAt },
    };
  },
});

/** Removes the member's business account from the read model; none to remove answers 404. */
export const deleteBusinessAccount = defineCommand({
  name: 'business.delete',
  load: ({ userId }: { userId: string }) => ({
    current: businessAccountRead(userId),
    version: streamVersion(businessStreamId(userId)),
  }),
  decide({ current, version }, { userId }): Decision<null> {
    if (!current.exists) throw businessAccountNotFound();
    return {
      appends: [
        appendTo(businessStreamId(userId), version, [
          { type: 'BusinessAccountDeleted', data: { userId } },
        ]),
      ],
      result: null,
    };
  },
});

import { z } from 'zod';
import {
  appearanceSettingsSchema,
  notificationSettingsSchema,
  profileCardSettingsSchema,
  profileFieldsSchema,
} from '../profiles/schemas';
import { privacySchema } from '../social/people';

const image = z.strictObject({
  userId: z.uuid(),
  /** The derived, cropped file; null clears the image. */
  fileId: z.uuid().nullable(),
  url: z.string().nullable(),
});

export const profileEvents = {
  ProfilePrivacyChanged: z.strictObject({ userId: z.uuid(), privacy: privacySchema }),
  /** Only the fields that changed, with their new values. */
  ProfileEdited: z.strictObject({
    userId: z.uuid(),
    changes: profileFieldsSchema.partial(),
    byUserId: z.uuid(),
  }),
  ProfileCardSettingsChanged: z.strictObject({
    userId: z.uuid(),
    changes: profileCardSettingsSchema.partial(),
  }),
  AvatarChanged: image,
  BannerChanged: image,
  MemberFollowed: z.strictObject({ followerId: z.uuid(), followeeId: z.uuid() }),
  MemberUnfollowed: z.strictObject({ followerId: z.uuid(), followeeId: z.uuid() }),
  /** Views by other members, counted in batches (one viewer at most once per window). */
  ProfileViewsCounted: z.strictObject({ userId: z.uuid(), count: z.number().int().positive() }),
  MemberSettingsChanged: z.strictObject({
    userId: z.uuid(),
    notifications: notificationSettingsSchema.partial().optional(),
    appearance: appearanceSettingsSchema.partial().optional(),
  }),
  UserMappingRecorded: z.strictObject({
    userId: z.uuid(),
    uuidv7: z.uuid(),
    email: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  }),
  UserSequenceAdvanced: z.strictObject({ userId: z.uuid(), value: z.number().int().positive() }),
};

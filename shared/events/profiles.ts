import { z } from 'zod';
import { privacySchema } from '../social/people';

export const profileEvents = {
  ProfilePrivacyChanged: z.strictObject({ userId: z.uuid(), privacy: privacySchema }),
};

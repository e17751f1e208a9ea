import { z } from 'zod';
import { authErrorMessages, validationMessages } from '../../../shared/auth/messages';
import { newPasswordField, usernameField } from '../../../shared/auth/schemas';
import { idField } from '../../../shared/api/ids';
import {
  createUserSchema,
  engagementQuerySchema,
  engagementSchema,
  followAnswerSchema,
  followsPageSchema,
  followsQuerySchema,
  profileCardSettingsSchema,
  profileCardSettingsUpdateSchema,
  profileEditSchema,
  profileImageUpdateSchema,
  profileMessages,
  profileSchema,
  sequenceAnswerSchema,
  userMappingCreateSchema,
  userMappingSchema,
  type Profile,
} from '../../../shared/profiles';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { toggleRoutes } from '../../http/toggle-routes';
import { memberIdOf, sessionOf } from '../../http/signed-in';
import type { ErrorCoder } from '../../http/validation';
import { hashPassword } from '../auth/passwords';
import {
  assertSelfOrOwner,
  changeCardSettings,
  createUser,
  editProfile,
  nextSequenceValue,
  presentMapping,
  recordUserMapping,
  setFollow,
  setProfileImage,
  userNotFound,
  type ProfileImageKind,
} from './commands';
import { readEngagement } from './engagement-read';
import { detailsAccess, followsHidden, readFollowsPage } from './follows-read';
import { deriveProfileImage } from './profile-images';
import { readProfile } from './profile-read';
import { profileViews } from './profile-views';

const idParams = z.object({ id: idField(profileMessages.invalidId) });
const mappingQuerySchema = z.strictObject({ user_id: idField(profileMessages.invalidId) });

/** A new member's username and password follow the sign-up rules (000 §5). */
const newUserSchema = createUserSchema.extend({
  username: usernameField,
  password: newPasswordField,
});

const STRENGTH_MESSAGES: string[] = [
  validationMessages.passwordTooShort,
  validationMessages.passwordComplexity,
];

/** Names the sign-up error codes for the same failures. */
const newUserCoder: ErrorCoder = (fields) => {
  if (fields.email === validationMessages.emailInvalid) {
    return { code: 'invalid-email', message: authErrorMessages['invalid-email'] };
  }
  if (fields.password && STRENGTH_MESSAGES.includes(fields.password)) {
    return { code: 'weak-password', message: authErrorMessages['weak-password'] };
  }
  return null;
};

function found(profile: Profile | undefined): Profile {
  if (!profile) throw userNotFound();
  return profile;
}

export function profilesRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, readDb, commands } = deps;

  const imageRoute = (kind: ProfileImageKind) =>
    defineRoute({
      method: 'put',
      path: `/me/${kind}`,
      summary: `Sets or clears the member's ${kind} from one of their own images`,
      description:
        kind === 'avatar'
          ? 'Cropped (the given rectangle, else centred) and resized to 256x256, stored as a new public file.'
          : 'Cropped (the given rectangle, else centred) and resized to 1200x400, stored as a new public file.',
      auth: 'member',
      body: profileImageUpdateSchema,
      responses: { 200: profileSchema },
      errors: [404, 413],
      async handler({ body }, req, res) {
        const userId = memberIdOf(req);
        const ctx = contextOf(req);
        const image =
          body.fileId === null
            ? null
            : await deriveProfileImage(deps, {
                ownerId: userId,
                sourceFileId: body.fileId,
                kind,
                crop: body.crop,
                ctx,
              });
        res.json(found(await commands.run(setProfileImage, { userId, kind, image }, ctx)));
      },
    });

  const followRoutes = toggleRoutes({
    path: '/users/:id/follow',
    summaries: { on: 'Follows a member', off: 'Stops following a member' },
    description: 'Idempotent. Answers the follow state and the member’s stats with their version.',
    params: idParams,
    response: followAnswerSchema,
    errors: [403, 404],
    set: (followeeId, follow, req) =>
      commands.run(setFollow, { followerId: memberIdOf(req), followeeId, follow }, contextOf(req)),
  });

  const followsRoute = (direction: 'followers' | 'following') =>
    defineRoute({
      method: 'get',
      path: `/users/:id/${direction}`,
      summary:
        direction === 'followers'
          ? "A member's followers, newest first"
          : 'The members a member follows, newest first',
      description: 'Keyset pages (`cursor`); only to whoever may see the profile details.',
      auth: 'member',
      params: idParams,
      query: followsQuerySchema,
      responses: { 200: followsPageSchema },
      errors: [403, 404],
      async handler({ params, query }, req, res) {
        const viewerId = memberIdOf(req);
        const access = await detailsAccess(readDb, params.id, viewerId);
        if (access === 'missing') throw userNotFound();
        if (access === 'hidden') throw followsHidden();
        res.json(await readFollowsPage(readDb, params.id, viewerId, direction, query));
      },
    });

  return [
    defineRoute({
      method: 'get',
      path: '/users/:id',
      summary: 'A member’s profile, as the caller may see it',
      description:
        'Contact fields only to the member, an owner, or anyone when the profile is public, each by its card switch; details by privacy.',
      auth: 'member',
      params: idParams,
      responses: { 200: profileSchema },
      errors: [404],
      async handler({ params }, req, res) {
        res.json(found(await readProfile(readDb, params.id, memberIdOf(req))));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/users/:id',
      summary: 'Edits a profile (the member or an owner); only the fields sent',
      auth: 'member',
      params: idParams,
      body: profileEditSchema,
      responses: { 200: profileSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const session = sessionOf(req);
        const profile = await commands.run(
          editProfile,
          {
            userId: params.id,
            callerId: session.userId,
            callerRole: session.user.role,
            edit: body,
          },
          contextOf(req),
        );
        res.json(found(profile));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/users',
      summary: 'Creates a member with a full profile (owners only)',
      description: 'Username, email and password follow the sign-up rules.',
      auth: 'owner',
      body: newUserSchema,
      coder: newUserCoder,
      responses: { 201: profileSchema },
      errors: [409],
      async handler({ body }, req, res) {
        const passwordHash = await hashPassword(body.password);
        const profile = await commands.run(
          createUser,
          {
            ownerId: memberIdOf(req),
            username: body.username,
            email: body.email,
            passwordHash,
            role: body.role,
            privacy: body.privacy,
            profile: body.profile,
            cardSettings: body.profileCardSettings,
          },
          contextOf(req),
        );
        res.status(201).json(found(profile));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user_mappings',
      summary: "Records a member's uuidv7 mapping (the member or an owner), once",
      tag: 'users',
      auth: 'member',
      body: userMappingCreateSchema,
      responses: { 201: userMappingSchema },
      errors: [403, 404, 409],
      async handler({ body }, req, res) {
        const session = sessionOf(req);
        const mapping = await commands.run(
          recordUserMapping,
          { callerId: session.userId, callerRole: session.user.role, mapping: body },
          contextOf(req),
        );
        if (!mapping) throw userNotFound();
        res.status(201).json(mapping);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/user_mappings',
      summary: "A member's uuidv7 mapping (the member or an owner): none or one",
      tag: 'users',
      auth: 'member',
      query: mappingQuerySchema,
      responses: { 200: z.array(userMappingSchema) },
      errors: [403],
      async handler({ query }, req, res) {
        const session = sessionOf(req);
        assertSelfOrOwner(session.userId, query.user_id, session.user.role);
        const rows = await db
          .selectFrom('user_mappings')
          .select(['user_id', 'uuidv7', 'email', 'created_at'])
          .where('user_id', '=', query.user_id)
          .execute();
        res.json(rows.map(presentMapping));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/users/:id/sequence',
      summary: "The next value of the member's own sequence (the member or an owner)",
      description: 'Atomic: concurrent calls each get their own value, 1, 2, 3...',
      auth: 'member',
      params: idParams,
      responses: { 200: sequenceAnswerSchema },
      errors: [403, 404],
      async handler({ params }, req, res) {
        const session = sessionOf(req);
        res.json(
          await commands.run(
            nextSequenceValue,
            { userId: params.id, callerId: session.userId, callerRole: session.user.role },
            contextOf(req),
          ),
        );
      },
    }),
    ...followRoutes,
    followsRoute('followers'),
    followsRoute('following'),
    defineRoute({
      method: 'get',
      path: '/users/:id/engagement',
      summary: "A member's engagement per day: posts, likes, comments received, new followers",
      description:
        'The last `days` days (7 to 365, 30 by default), zero-filled, with current stats.',
      auth: 'member',
      params: idParams,
      query: engagementQuerySchema,
      responses: { 200: engagementSchema },
      errors: [403, 404],
      async handler({ params, query }, req, res) {
        const access = await detailsAccess(readDb, params.id, memberIdOf(req));
        if (access === 'missing') throw userNotFound();
        if (access === 'hidden') throw followsHidden();
        res.json(await readEngagement(readDb, params.id, memberIdOf(req), query.days));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/users/:id/view',
      summary: "Counts a view of a member's profile by someone else",
      description:
        'Once per viewer and member in 30 minutes, never the member’s own; written in batches, so `views` rises within seconds.',
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        const viewerId = memberIdOf(req);
        const access = await detailsAccess(db, params.id, viewerId);
        if (access === 'missing') throw userNotFound();
        if (params.id !== viewerId) profileViews(deps).record(params.id, viewerId);
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'put',
      path: '/me/profile-card-settings',
      summary: "Sets the member's profile card switches (what others see, who may write or ask)",
      auth: 'member',
      body: profileCardSettingsUpdateSchema,
      responses: { 200: profileCardSettingsSchema },
      async handler({ body }, req, res) {
        res.json(
          await commands.run(
            changeCardSettings,
            { userId: memberIdOf(req), update: body },
            contextOf(req),
          ),
        );
      },
    }),
    imageRoute('avatar'),
    imageRoute('banner'),
  ];
}

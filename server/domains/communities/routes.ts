import { AVATAR_SIZE, BANNER_SIZE } from '../../../shared/profiles/limits';
import {
  changeRoleSchema,
  communitiesQuerySchema,
  communityIdParams,
  communityInvitationsSchema,
  communityListSchema,
  communityMemberParams,
  communityMembersPageSchema,
  communityMembersQuerySchema,
  communityRefusals as r,
  communitySchema,
  createCommunityFieldsSchema,
  inviteMembersSchema,
  inviteResultSchema,
  type Community,
} from '../../../shared/communities';
import { randomUUID } from 'node:crypto';
import { contextOf } from '../../core/context';
import { forbidden, invalid, notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { fieldErrors } from '../../http/validation';
import { receiveImageForm, storeFormImage } from '../media/image-form';
import {
  createCommunity,
  declineInvitation,
  joinCommunity,
  leaveCommunity,
  manageMember,
  type ManagerAction,
} from './commands';
import { readCommunities, readCommunity, readInvitations } from './community-read';
import { inviteMembers } from './invite-command';
import { readMembers } from './members-read';
import { idOrNone } from './streams';

/** Text fields of the create form: the twelve of `001` §3 and a few spare for clients' extras. */
const FORM_FIELDS = 12;
/** Bytes of the longest field (the rules, 5000 characters of up to four bytes each). */
const FORM_FIELD_BYTES = 20_000;

const formFields = {
  name: { description: 'Required; at most 100 characters' },
  description: { description: 'At most 2000 characters' },
  category: { description: 'technology, health, education, business, hobbies, ...' },
  privacy: { description: 'public, restricted (joined on approval) or private (by invitation)' },
  website: { description: 'An http(s) link' },
  email: { description: 'A contact address' },
  location: { description: 'At most 200 characters' },
  tags: { description: 'A JSON list of strings: trimmed, non-blank, no repeats, at most 20' },
  rules: { description: 'At most 5000 characters' },
  welcomeMessage: { description: 'At most 2000 characters' },
  avatar: { binary: true, description: 'An image, cut to 256x256' },
  banner: { binary: true, description: 'An image, cut to 1200x400' },
};

const found = (community: Community | null): Community => {
  if (!community) throw notFound(r.notFound);
  return community;
};

export function communitiesRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { readDb, commands, config } = deps;

  const manage = (action: ManagerAction) =>
    async function handler(
      { params }: { params: { id: string; userId: string } },
      req: Parameters<AnyRouteSpec['handler']>[1],
      res: Parameters<AnyRouteSpec['handler']>[2],
    ) {
      await commands.run(
        manageMember,
        { communityId: params.id, userId: params.userId, actorId: memberIdOf(req), action },
        contextOf(req),
      );
      res.status(204).end();
    };

  return [
    defineRoute({
      method: 'get',
      path: '/communities',
      summary: "The member's communities, or those they may discover and join",
      description:
        '`mine`: communities they belong to or asked to join; `discover`: those they may see ' +
        '(public, restricted, or private with an invitation) and have not joined. `q` matches ' +
        'name, description and tags.',
      auth: 'member',
      query: communitiesQuerySchema,
      responses: { 200: communityListSchema },
      async handler({ query }, req, res) {
        res.json({ communities: await readCommunities(readDb, memberIdOf(req), query) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/communities',
      summary: 'Creates a community; its creator is its first admin',
      description:
        'Multipart form (`001` §7): the text fields, tags as a JSON string, optional avatar and ' +
        'banner images. The fields are checked before any image is stored.',
      auth: 'member',
      streamedBody: {
        contentType: 'multipart/form-data',
        description: 'The community (`001` §3); fields without a value are left out',
        fields: formFields,
      },
      responses: { 201: communitySchema },
      errors: [413, 415],
      async handler(_input, req, res) {
        const ownerId = memberIdOf(req);
        const form = await receiveImageForm(deps, req, {
          ownerId,
          images: ['avatar', 'banner'],
          maxFields: FORM_FIELDS,
          maxFieldLength: FORM_FIELD_BYTES,
        });
        try {
          const parsed = createCommunityFieldsSchema.safeParse(form.fields);
          if (!parsed.success) {
            const fields = fieldErrors(parsed.error);
            throw invalid('validation', Object.values(fields)[0] ?? 'Invalid request', fields);
          }
          const ctx = contextOf(req);
          const store = async (kind: 'avatar' | 'banner') => {
            const staged = form.images[kind];
            if (!staged) return null;
            return storeFormImage(deps, staged, {
              size: kind === 'avatar' ? AVATAR_SIZE : BANNER_SIZE,
              name: `community-${kind}.webp`,
              ownerId,
              folder: 'communities',
              ctx,
            });
          };
          const avatar = await store('avatar');
          const banner = await store('banner');
          const community = await commands.run(
            createCommunity,
            { communityId: randomUUID(), creatorId: ownerId, fields: parsed.data, avatar, banner },
            ctx,
          );
          res.status(201).json(found(community));
        } finally {
          await form.discard();
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/communities/invitations',
      summary: "The member's invitations to communities not yet answered",
      auth: 'member',
      responses: { 200: communityInvitationsSchema },
      async handler(_input, req, res) {
        res.json({ invitations: await readInvitations(readDb, memberIdOf(req)) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/communities/:id',
      summary: "A community's card, counts and the member's standing in it",
      description: 'A community the member may not see answers 404, like a missing one.',
      auth: 'member',
      params: communityIdParams,
      responses: { 200: communitySchema },
      errors: [404],
      async handler({ params }, req, res) {
        res.json(found(await readCommunity(readDb, idOrNone(params.id), memberIdOf(req))));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/communities/:id/join',
      summary: 'Joins a community, or asks to join a restricted one',
      description:
        'Public: a member at once. Restricted: pending until an admin or moderator approves ' +
        '(at once when a manager invited them). Private: only with an invitation (403). ' +
        'An invitation is used up by joining.',
      auth: 'member',
      params: communityIdParams,
      responses: { 200: communitySchema },
      errors: [403, 404, 409],
      async handler({ params }, req, res) {
        const community = await commands.run(
          joinCommunity,
          { communityId: params.id, userId: memberIdOf(req) },
          contextOf(req),
        );
        res.json(found(community));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/communities/:id/leave',
      summary: 'Leaves a community, or withdraws a request to join it',
      description: 'The last admin cannot leave while other members remain (409).',
      auth: 'member',
      params: communityIdParams,
      responses: { 204: null },
      errors: [404, 409],
      async handler({ params }, req, res) {
        await commands.run(
          leaveCommunity,
          { communityId: params.id, userId: memberIdOf(req) },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/communities/:id/members',
      summary: "A page of the community's members, or of its requests to join",
      description:
        '`q` matches name or username, `role` filters by role; `status=pending` lists requests ' +
        'to join, for admins and moderators only. Members of public communities are listed to ' +
        'every member; of the others, to their members.',
      auth: 'member',
      params: communityIdParams,
      query: communityMembersQuerySchema,
      responses: { 200: communityMembersPageSchema },
      errors: [403, 404],
      async handler({ params, query }, req, res) {
        const viewerId = memberIdOf(req);
        const community = found(await readCommunity(readDb, idOrNone(params.id), viewerId));
        const { role, status } = community.membership;
        const member = status === 'active';
        if (community.privacy !== 'public' && !member) {
          throw forbidden('not-community-member', r.notMember);
        }
        if (query.status === 'pending' && !(member && (role === 'admin' || role === 'moderator'))) {
          throw forbidden('not-community-manager', r.pendingManagersOnly);
        }
        res.json(await readMembers(readDb, community.id, viewerId, query));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/communities/:id/members/:userId/approve',
      summary: 'Approves a request to join (admins and moderators)',
      auth: 'member',
      params: communityMemberParams,
      responses: { 204: null },
      errors: [403, 404],
      handler: manage({ kind: 'approve' }),
    }),
    defineRoute({
      method: 'post',
      path: '/communities/:id/members/:userId/reject',
      summary: 'Rejects a request to join (admins and moderators)',
      auth: 'member',
      params: communityMemberParams,
      responses: { 204: null },
      errors: [403, 404],
      handler: manage({ kind: 'reject' }),
    }),
    defineRoute({
      method: 'delete',
      path: '/communities/:id/members/:userId',
      summary: 'Removes a member (admins and moderators; moderators never remove an admin)',
      auth: 'member',
      params: communityMemberParams,
      responses: { 204: null },
      errors: [403, 404],
      handler: manage({ kind: 'remove' }),
    }),
    defineRoute({
      method: 'put',
      path: '/communities/:id/members/:userId/role',
      summary: "Changes a member's role (admins and moderators)",
      description:
        'Moderators may not change an admin nor make anyone admin; the last admin cannot step ' +
        'down while other members remain (409).',
      auth: 'member',
      params: communityMemberParams,
      body: changeRoleSchema,
      responses: { 204: null },
      errors: [403, 404, 409],
      async handler({ params, body }, req, res) {
        await manage({ kind: 'role', role: body.role })({ params }, req, res);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/communities/:id/invitations',
      summary: 'Invites members to the community',
      description:
        'Members invite; to a private community only admins and moderators. Each invitee gets a ' +
        'notification and an email. Answers those newly invited.',
      auth: 'member',
      params: communityIdParams,
      body: inviteMembersSchema,
      responses: { 200: inviteResultSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const result = await commands.run(
          inviteMembers,
          {
            communityId: params.id,
            inviterId: memberIdOf(req),
            userIds: body.userIds,
            publicUrl: config.publicUrl,
          },
          contextOf(req),
        );
        res.json(result);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/communities/:id/invitation',
      summary: "Declines the member's invitation to the community",
      auth: 'member',
      params: communityIdParams,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        await commands.run(
          declineInvitation,
          { communityId: params.id, userId: memberIdOf(req) },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
  ];
}

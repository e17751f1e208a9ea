import { randomUUID } from 'node:crypto';
import {
  organizationFormSchema,
  organizationListSchema,
  organizationParamsSchema,
  organizationSchema,
  ORGANIZATION_FORM_FIELDS,
  ORGANIZATION_IMAGE_FIELDS,
} from '../../../shared/organizations';
import { contextOf } from '../../core/context';
import { invalid } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { fieldErrors } from '../../http/validation';
import { receiveImageForm } from '../media/image-form';
import { createOrganization, deleteOrganization, organizationMissing } from './commands';
import { storeOrganizationImages } from './organization-images';
import { readMemberOrganizations, readOrganization } from './organizations-read';

/** Bytes of one text field: the longest field (2000 characters) at up to 4 bytes each. */
const FIELD_BYTES = 8000;
/**
 * Text fields read before the form is refused outright: room beyond the form's own, so a field
 * it does not know is named in a 400 by the schema (busboy's parts limit is reached, not passed).
 */
const MAX_FIELDS = 20;

const formFields = Object.fromEntries([
  ...ORGANIZATION_FORM_FIELDS.map((name) => [name, { description: `The organization's ${name}` }]),
  ...ORGANIZATION_IMAGE_FIELDS.map((name) => [
    name,
    {
      binary: true,
      description: `The ${name} image, cropped to ${name === 'logo' ? '256x256' : '1200x400'}`,
    },
  ]),
]) as Record<string, { binary?: boolean; description: string }>;

export function organizationsRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/organizations',
      summary: 'Creates an organization owned by the member',
      description:
        'Fields of the organization, a field left out is not set; optional logo and banner ' +
        'images. The fields are checked before any image is stored.',
      auth: 'member',
      streamedBody: {
        contentType: 'multipart/form-data',
        description: 'The organization form',
        fields: formFields,
      },
      responses: { 201: organizationSchema },
      errors: [413, 415],
      async handler(_input, req, res) {
        const ownerId = memberIdOf(req);
        const ctx = contextOf(req);
        const form = await receiveImageForm(deps, req, {
          ownerId,
          images: ORGANIZATION_IMAGE_FIELDS,
          maxFields: MAX_FIELDS,
          maxFieldLength: FIELD_BYTES,
        });
        try {
          const parsed = organizationFormSchema.safeParse(form.fields);
          if (!parsed.success) {
            const fields = fieldErrors(parsed.error);
            throw invalid('validation', Object.values(fields)[0] ?? 'Invalid request', fields);
          }
          const images = await storeOrganizationImages(deps, form, { ownerId, ctx });
          const organization = {
            id: randomUUID(),
            ownerId,
            ...parsed.data,
            ...images,
            createdAt: new Date().toISOString(),
          };
          res.status(201).json(await commands.run(createOrganization, { organization }, ctx));
        } finally {
          await form.discard();
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/organizations',
      summary: "The member's own organizations, newest first",
      auth: 'member',
      responses: { 200: organizationListSchema },
      async handler(_input, req, res) {
        res.json({ organizations: await readMemberOrganizations(db, memberIdOf(req)) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/:id',
      summary: 'An organization, to any member',
      auth: 'member',
      params: organizationParamsSchema,
      responses: { 200: organizationSchema },
      errors: [404],
      async handler({ params }, _req, res) {
        const organization = await readOrganization(db, params.id);
        if (!organization) throw organizationMissing();
        res.json(organization);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/organizations/:id',
      summary: 'Deletes an organization; only its owner may',
      auth: 'member',
      params: organizationParamsSchema,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        const input = { organizationId: params.id, actorId: memberIdOf(req) };
        await commands.run(deleteOrganization, input, contextOf(req));
        res.status(204).end();
      },
    }),
  ];
}

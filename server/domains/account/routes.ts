import { deleteAccountSchema } from '../../../shared/account';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { clearSessionCookie } from '../auth/session-cookie';
import { originalPath, variantsPrefix } from '../media/file-keys';
import { mediaServices } from '../media/media-services';
import { exportLimit } from './account-limits';
import { deleteAccount } from './delete-account';
import { sendExport } from './export-zip';

export function accountRoutes(deps: ModuleDeps) {
  const { db, commands, config, logger } = deps;
  const { storage } = mediaServices(deps);
  const exports = exportLimit(db, config);

  /** After the deletion has committed: the files' bytes, posters and cached variants. */
  async function removeBytes(keys: readonly string[]): Promise<void> {
    try {
      await storage.delete(keys.map(originalPath));
      for (const key of keys) await storage.deletePrefix(variantsPrefix(key));
    } catch (error) {
      logger.warn({ err: error, keys }, 'a deleted account left bytes in storage');
    }
  }

  return [
    defineRoute({
      method: 'get',
      path: '/me/export',
      // Everything of the member's, messages and files included: a browser's decision.
      scope: 'session',
      summary: "Downloads everything of the member's own as one zip, streamed",
      description:
        'profile, posts, comments, messages, friends, notifications and files as JSON, with the ' +
        "files' bytes; README.txt describes the layout. Limited per member per hour.",
      auth: 'member',
      responses: { 200: { description: "The member's data", contentType: 'application/zip' } },
      errors: [429],
      async handler(_input, req, res) {
        const memberId = memberIdOf(req);
        await exports.take(memberId);
        await sendExport(res, db, memberId, storage, req.log);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/me/delete',
      scope: 'session',
      summary: "Deletes the member's account and makes their personal data unreadable",
      description:
        "Needs the member's password and the confirmation 'DELETE'. Every read model drops what " +
        'was theirs, the personal data in their events is redacted, their sessions end and their ' +
        "files' bytes are removed.",
      auth: 'member',
      body: deleteAccountSchema,
      responses: { 204: null },
      errors: [403, 409],
      async handler({ body }, req, res) {
        const { fileKeys } = await commands.run(
          deleteAccount,
          { userId: memberIdOf(req), ...body },
          contextOf(req),
        );
        await removeBytes(fileKeys);
        clearSessionCookie(req, res, config.publicUrl);
        res.status(204).end();
      },
    }),
  ];
}

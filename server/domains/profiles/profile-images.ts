import { AVATAR_SIZE, BANNER_SIZE, type ProfileImageUpdate } from '../../../shared/profiles';
import type { CommandContext } from '../../core/context';
import { invalid } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { originalPath } from '../media/file-keys';
import { mediaServices } from '../media/media-services';
import { bytesOf, storeSizedImage } from '../media/sized-images';
import type { ProfileImageKind } from './commands';

const SIZES = { avatar: AVATAR_SIZE, banner: BANNER_SIZE } as const;
type Crop = NonNullable<ProfileImageUpdate['crop']>;

const FOLDERS = { avatar: 'avatars', banner: 'banners' } as const;

/** Missing, another member's and not an image read alike, so file ids cannot be probed. */
export const notYourImage = () =>
  invalid('image-not-yours', 'Choose one of your own uploaded images', {
    fileId: 'Choose one of your own uploaded images',
  });

/**
 * Makes the avatar or banner from one of the member's own images: reads its bytes from storage,
 * crops and resizes them, and stores the result as a new public file of the member (recorded by
 * the media domain's upload command, under the member's quota). Answers the new file and its URL.
 */
export async function deriveProfileImage(
  deps: ModuleDeps,
  input: {
    ownerId: string;
    sourceFileId: string;
    kind: ProfileImageKind;
    crop: Crop | undefined;
    ctx: CommandContext;
  },
): Promise<{ fileId: string; url: string }> {
  const { storage } = mediaServices(deps);
  const source = await deps.db
    .selectFrom('files')
    .select(['key', 'kind'])
    .where('id', '=', input.sourceFileId)
    .where('owner_id', '=', input.ownerId)
    .executeTakeFirst();
  if (source?.kind !== 'image') throw notYourImage();
  const stream = await storage.read(originalPath(source.key));
  if (!stream) throw notYourImage();
  return storeSizedImage(deps, {
    source: await bytesOf(stream),
    size: SIZES[input.kind],
    crop: input.crop,
    name: `${input.kind}.webp`,
    ownerId: input.ownerId,
    folder: FOLDERS[input.kind],
    ctx: input.ctx,
  });
}

import { readFile } from 'node:fs/promises';
import { BANNER_SIZE, businessFieldMessages, LOGO_SIZE } from '../../../shared/business';
import type { CommandContext } from '../../core/context';
import { invalid } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import type { ImageForm } from '../media/image-form';
import { cropTo, storeSizedImage } from '../media/sized-images';

export type OrganizationImage = 'logo' | 'banner';

const SIZES = { logo: LOGO_SIZE, banner: BANNER_SIZE } as const;

/**
 * Crops both images of the form before storing either, so an image that cannot be processed
 * refuses the form with nothing stored; then stores each as a public WebP of the creator (in
 * their library's `organizations` folder) and answers the URLs, '' for an image not sent.
 */
export async function storeOrganizationImages(
  deps: ModuleDeps,
  form: ImageForm<OrganizationImage>,
  input: { ownerId: string; ctx: CommandContext },
): Promise<Record<OrganizationImage, string>> {
  const kinds = (['logo', 'banner'] as const).filter((kind) => form.images[kind]);
  const cropped = await Promise.all(
    kinds.map(async (kind) => {
      const staged = form.images[kind]!;
      if (staged.type.mime === 'image/svg+xml') {
        throw invalid('invalid-image', businessFieldMessages.image, {
          [kind]: businessFieldMessages.image,
        });
      }
      try {
        return { kind, bytes: await cropTo(await readFile(staged.path), SIZES[kind], undefined) };
      } catch {
        throw invalid('invalid-image', businessFieldMessages.imageUnreadable, {
          [kind]: businessFieldMessages.imageUnreadable,
        });
      }
    }),
  );
  const urls: Record<OrganizationImage, string> = { logo: '', banner: '' };
  for (const { kind, bytes } of cropped) {
    const stored = await storeSizedImage(deps, {
      source: bytes,
      size: SIZES[kind],
      name: `organization-${kind}.webp`,
      ownerId: input.ownerId,
      folder: 'organizations',
      ctx: input.ctx,
    });
    urls[kind] = stored.url;
  }
  return urls;
}

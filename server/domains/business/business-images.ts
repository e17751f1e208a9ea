import { BANNER_SIZE, businessFieldMessages, LOGO_SIZE } from '../../../shared/business';
import type { CommandContext } from '../../core/context';
import { invalid } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { SNIFF_BYTES, sniffType } from '../media/content-type';
import { cropTo, storeSizedImage } from '../media/sized-images';

export type BusinessImageKind = 'logo' | 'banner';

const SIZES = { logo: LOGO_SIZE, banner: BANNER_SIZE } as const;
const DATA_URL = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/]+=*)$/;

const notAnImage = (kind: BusinessImageKind, message: string = businessFieldMessages.image) =>
  invalid('invalid-image', message, { [kind]: message });

/** What the save does with one image field: keep a URL, clear it, or store new bytes. */
type ImagePlan =
  { kind: BusinessImageKind; keep: string } | { kind: BusinessImageKind; bytes: Buffer };

/**
 * Checks an image field without storing anything: '' clears, the account's current URL is kept
 * as it is, and a data URL must decode to an image (known by its bytes, never by the type it
 * claims) that can be cropped. Any other URL is refused: the account only answers files it stored.
 */
async function planImage(
  kind: BusinessImageKind,
  value: string,
  current: string,
): Promise<ImagePlan> {
  if (value === '' || value === current) return { kind, keep: value };
  const base64 = DATA_URL.exec(value)?.[1];
  if (!base64) throw notAnImage(kind);
  const bytes = Buffer.from(base64, 'base64');
  const type = await sniffType(bytes.subarray(0, SNIFF_BYTES), 'image', true);
  if (!type.mime.startsWith('image/') || type.mime === 'image/svg+xml') throw notAnImage(kind);
  try {
    return { kind, bytes: await cropTo(bytes, SIZES[kind], undefined) };
  } catch {
    throw notAnImage(kind, businessFieldMessages.imageUnreadable);
  }
}

/**
 * Turns the logo and banner of a save into URLs of stored files. Both are checked before either
 * is stored, so a refused image stores nothing; a new image is stored as a public 256x256 or
 * 1200x400 WebP of the member (under their quota, in their library's `business` folder).
 */
export async function resolveBusinessImages(
  deps: ModuleDeps,
  input: {
    ownerId: string;
    logo: string;
    banner: string;
    current: { logo: string; banner: string };
    ctx: CommandContext;
  },
): Promise<{ logo: string; banner: string }> {
  const plans = await Promise.all([
    planImage('logo', input.logo, input.current.logo),
    planImage('banner', input.banner, input.current.banner),
  ]);
  const urls: Record<BusinessImageKind, string> = { logo: '', banner: '' };
  for (const plan of plans) {
    if ('keep' in plan) {
      urls[plan.kind] = plan.keep;
      continue;
    }
    const stored = await storeSizedImage(deps, {
      source: plan.bytes,
      size: SIZES[plan.kind],
      name: `business-${plan.kind}.webp`,
      ownerId: input.ownerId,
      folder: 'business',
      ctx: input.ctx,
    });
    urls[plan.kind] = stored.url;
  }
  return urls;
}

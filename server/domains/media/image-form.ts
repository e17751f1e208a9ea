import { readFile, rm } from 'node:fs/promises';
import type { Request } from 'express';
import type { CommandContext } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { receiveMultipart } from './file-uploader';
import { mediaServices } from './media-services';
import { storeSizedImage } from './sized-images';
import type { StagedFile } from './upload-staging';

/** A form's text fields and, by field name, the images it carried, staged and not yet stored. */
export interface ImageForm<Image extends string> {
  fields: Record<string, string>;
  images: Partial<Record<Image, StagedFile>>;
  /** Removes whatever is still staged; call it in a `finally`. */
  discard(): Promise<void>;
}

export interface ImageFormOptions<Image extends string> {
  ownerId: string;
  /** The file fields the form may carry, one image each (`avatar`, `banner`, `logo`). */
  images: readonly Image[];
  /** How many text fields, and how long each may be; a longer one is refused, not cut. */
  maxFields: number;
  maxFieldLength: number;
}

/**
 * Reads a create form sent as multipart/form-data (`POST /communities`, `POST /organizations`):
 * text fields plus at most one image per named field. Each image streams to staging typed by its
 * bytes and refused past the media limits or the owner's quota, as any upload is; nothing is stored
 * until the caller has validated the fields and calls `storeFormImage`.
 */
export async function receiveImageForm<Image extends string>(
  deps: ModuleDeps,
  req: Request,
  options: ImageFormOptions<Image>,
): Promise<ImageForm<Image>> {
  const { uploader } = mediaServices(deps);
  const rules = await uploader.rulesFor(options.ownerId, { allowedTypes: ['image/*'] });
  const { files, fields } = await receiveMultipart(
    req,
    options.images,
    options.images.length,
    rules,
    {
      fields: options.maxFields,
      fieldNameSize: 50,
      fieldSize: options.maxFieldLength,
    },
  );
  const images: Partial<Record<Image, StagedFile>> = {};
  const extra: StagedFile[] = [];
  for (const { field, file } of files) {
    const name = field as Image;
    if (images[name]) extra.push(file);
    else images[name] = file;
  }
  await Promise.all(extra.map((file) => rm(file.path, { force: true })));
  return {
    fields,
    images,
    discard: async () => {
      await Promise.all(
        Object.values<StagedFile | undefined>(images).map((file) =>
          file ? rm(file.path, { force: true }) : undefined,
        ),
      );
    },
  };
}

/**
 * Stores a staged form image cut to `size` (a centred cover crop) as a new public WebP file of the
 * owner, and answers its id and URL.
 */
export async function storeFormImage(
  deps: ModuleDeps,
  image: StagedFile,
  input: {
    size: { width: number; height: number };
    name: string;
    ownerId: string;
    folder: string;
    ctx: CommandContext;
  },
): Promise<{ fileId: string; url: string }> {
  return storeSizedImage(deps, { ...input, source: await readFile(image.path) });
}

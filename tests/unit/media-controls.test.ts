import type { MediaFile } from '../../shared/media';
import { bulkChoices } from '../../web/features/media/bulkActions';
import { transformUrl } from '../../web/features/media/cdnUrls';
import { DEFAULT_CONTROLS, transformOf } from '../../web/features/media/transformControls';

const URL = 'http://127.0.0.1:3000/cdn/0b6a3c1e-1d2f-4a5b-8c9d-0e1f2a3b4c5d.jpg';

describe('the CDN Features form', () => {
  it('starts at 640 px wide WebP at the default quality 85 (002 §9)', () => {
    expect(transformUrl(URL, transformOf(DEFAULT_CONTROLS))).toBe(`${URL}?w=640&q=85&f=webp`);
  });

  it('leaves blank, zero and nonsense sides out and caps a side at 4096', () => {
    const of = (width: string) => transformOf({ ...DEFAULT_CONTROLS, width }).w;
    expect([of(''), of('0'), of('-3'), of('abc'), of(' 300 '), of('99999')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      300,
      4096,
    ]);
  });

  it('names fit only with both sides, and gravity only when the image is cropped', () => {
    const oneSide = transformOf({ ...DEFAULT_CONTROLS, fit: 'contain' });
    expect([oneSide.fit, oneSide.g]).toEqual([undefined, undefined]);
    const cover = transformOf({ ...DEFAULT_CONTROLS, height: '200', gravity: 'north' });
    expect([cover.fit, cover.g]).toEqual(['cover', 'north']);
    const contain = transformOf({ ...DEFAULT_CONTROLS, height: '200', fit: 'contain' });
    expect([contain.fit, contain.g]).toEqual(['contain', undefined]);
  });

  it('sends quality only for lossy formats, and blur, sharpen and rotate only when set', () => {
    expect(transformOf({ ...DEFAULT_CONTROLS, format: 'png' }).q).toBeUndefined();
    const plain = transformOf(DEFAULT_CONTROLS);
    expect([plain.blur, plain.sharpen, plain.rotate]).toEqual([undefined, undefined, undefined]);
    const all = transformOf({ ...DEFAULT_CONTROLS, blur: 2.5, sharpen: true, rotate: 270 });
    expect([all.blur, all.sharpen, all.rotate]).toEqual([2.5, true, 270]);
  });
});

describe('bulk Star and Archive', () => {
  const file = (isStarred: boolean) => ({ isStarred }) as MediaFile;

  it('stars unless every selected file is starred already', () => {
    expect(bulkChoices([file(true), file(false)], 'all').star).toEqual({
      action: 'star',
      label: 'Star',
    });
    expect(bulkChoices([file(true), file(true)], 'starred').star).toEqual({
      action: 'unstar',
      label: 'Unstar',
    });
  });

  it('archives, or in the Archived tab brings the files back', () => {
    expect(bulkChoices([file(false)], 'recent').archive.action).toBe('archive');
    expect(bulkChoices([file(false)], 'archived').archive).toEqual({
      action: 'unarchive',
      label: 'Unarchive',
    });
  });
});

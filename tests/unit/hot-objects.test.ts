import { HOT_OBJECT_MAX_BYTES, HotObjects } from '../../server/domains/media/hot-objects';

const FILE_A = '00000000-0000-4000-8000-00000000000a';
const FILE_B = '00000000-0000-4000-8000-00000000000b';
const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);

describe('HotObjects', () => {
  it('keeps small objects up to its budget, dropping the least recently served', () => {
    const hot = new HotObjects(300);
    hot.set('files/a', FILE_A, bytes(100));
    hot.set('files/b', FILE_B, bytes(100));
    expect(hot.get('files/a')?.length).toBe(100);
    hot.set('variants/a/x.webp', FILE_A, bytes(150));
    expect(hot.bytes).toBe(250);
    expect(hot.get('files/b')).toBeUndefined();
    expect(hot.get('files/a')).toBeDefined();
  });

  it('never keeps an object past the per-object limit or the whole budget', () => {
    const hot = new HotObjects(10 * HOT_OBJECT_MAX_BYTES);
    expect(hot.keeps(HOT_OBJECT_MAX_BYTES)).toBe(true);
    expect(hot.keeps(HOT_OBJECT_MAX_BYTES + 1)).toBe(false);
    hot.set('files/big', FILE_A, bytes(HOT_OBJECT_MAX_BYTES + 1));
    expect(hot.get('files/big')).toBeUndefined();
    const off = new HotObjects(0);
    off.set('files/a', FILE_A, bytes(1));
    expect(off.get('files/a')).toBeUndefined();
  });

  it("drops a file's objects, or only its variants on a purge", () => {
    const hot = new HotObjects(10_000);
    hot.set(`files/${FILE_A}.png`, FILE_A, bytes(10));
    hot.set(`variants/${FILE_A}.png/1.webp`, FILE_A, bytes(10));
    hot.set(`variants/${FILE_A}.png/2.webp`, FILE_A, bytes(10));
    hot.set(`files/${FILE_B}.png`, FILE_B, bytes(10));
    hot.dropVariants(FILE_A, `variants/${FILE_A}.png`);
    expect(hot.get(`variants/${FILE_A}.png/1.webp`)).toBeUndefined();
    expect(hot.get(`files/${FILE_A}.png`)).toBeDefined();
    hot.dropFile(FILE_A);
    expect(hot.get(`files/${FILE_A}.png`)).toBeUndefined();
    expect(hot.get(`files/${FILE_B}.png`)).toBeDefined();
    expect(hot.bytes).toBe(10);
    hot.clear();
    expect(hot.bytes).toBe(0);
  });
});

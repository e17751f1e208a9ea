import fc from 'fast-check';
import { DEFAULT_ALLOWED_TYPES, MAX_FILE_BYTES, mediaMessages } from '../../shared/media';
import {
  fileProblem,
  rulesFor,
  screenFiles,
  typeAllowed,
  type FileLike,
} from '../../web/features/media/upload/validateFiles';

const file = (name: string, type: string, size = 1000): FileLike => ({ name, type, size });
const any = rulesFor('any');

describe('upload widget: allowed types (001 §9)', () => {
  it('takes the spec default types and refuses others', () => {
    expect(any.allowedTypes).toEqual(DEFAULT_ALLOWED_TYPES);
    for (const type of ['image/png', 'video/mp4', 'audio/mpeg', 'application/pdf', 'text/plain']) {
      expect(typeAllowed(type, any.allowedTypes)).toBe(true);
    }
    expect(typeAllowed('application/zip', any.allowedTypes)).toBe(false);
    expect(typeAllowed('application/pdf+x', any.allowedTypes)).toBe(false);
    expect(typeAllowed('IMAGE/PNG', ['image/*'])).toBe(true);
  });

  it('narrows to one kind for the image and video libraries', () => {
    expect(typeAllowed('image/jpeg', rulesFor('image').allowedTypes)).toBe(true);
    expect(typeAllowed('video/mp4', rulesFor('image').allowedTypes)).toBe(false);
    expect(typeAllowed('video/webm', rulesFor('video').allowedTypes)).toBe(true);
    expect(typeAllowed('image/png', rulesFor('video').allowedTypes)).toBe(false);
  });

  it('a wildcard never matches a type of another family', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}\/[a-z0-9.+-]{1,12}$/), (type) => {
        expect(typeAllowed(type, ['image/*'])).toBe(type.startsWith('image/'));
      }),
    );
  });
});

describe('upload widget: messages of one file (001 §5)', () => {
  it("says the type and the allowed list in the spec's words", () => {
    expect(fileProblem(file('a.zip', 'application/zip'), any)).toBe(
      'File type application/zip is not allowed. Allowed types: image/*, video/*, audio/*, application/pdf, text/*',
    );
    expect(fileProblem(file('a.xyz', ''), rulesFor('image'))).toBe(
      'File type unknown is not allowed. Allowed types: image/*',
    );
  });

  it('refuses empty files and files over the limit, and accepts the limit itself', () => {
    expect(fileProblem(file('a.png', 'image/png', 0), any)).toBe('File is empty');
    expect(fileProblem(file('a.png', 'image/png', MAX_FILE_BYTES + 1), any)).toBe(
      'File size exceeds the maximum allowed size of 100 MB',
    );
    expect(fileProblem(file('a.png', 'image/png', MAX_FILE_BYTES), any)).toBeNull();
  });
});

describe('upload widget: screening a drop', () => {
  it('keeps the valid files and names the refused ones', () => {
    const ok = file('a.png', 'image/png');
    const bad = file('b.exe', 'application/x-msdownload');
    const result = screenFiles([ok, bad], 0, any);
    expect(result.accepted).toEqual([ok]);
    expect(result.rejected).toEqual([
      { file: bad, message: mediaMessages.typeNotAllowed(bad.type, DEFAULT_ALLOWED_TYPES) },
    ]);
    expect(result.tooMany).toBeNull();
  });

  it("refuses a whole drop that would pass 10 files with 'Maximum 10 files allowed'", () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png'));
    expect(screenFiles(files, 6, any).tooMany).toBeNull();
    const over = screenFiles(files, 7, any);
    expect(over).toEqual({ accepted: [], rejected: [], tooMany: 'Maximum 10 files allowed' });
  });

  it('never lets the widget hold more than the limit, and loses no file', () => {
    const fileArb = fc.record({
      name: fc.string({ minLength: 1, maxLength: 8 }),
      type: fc.constantFrom('image/png', 'video/mp4', 'application/zip', ''),
      size: fc.constantFrom(0, 1, MAX_FILE_BYTES, MAX_FILE_BYTES + 1),
    });
    fc.assert(
      fc.property(
        fc.array(fileArb, { maxLength: 15 }),
        fc.integer({ min: 0, max: 10 }),
        (files, held) => {
          const { accepted, rejected, tooMany } = screenFiles(files, held, any);
          if (accepted.length > 0) expect(held + accepted.length).toBeLessThanOrEqual(any.maxFiles);
          const valid = files.filter((f) => fileProblem(f, any) === null);
          expect(rejected.length + valid.length).toBe(files.length);
          expect(accepted.length === valid.length || tooMany !== null).toBe(true);
        },
      ),
    );
  });
});

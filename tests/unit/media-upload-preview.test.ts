import fc from 'fast-check';
import { PREVIEW } from '../../shared/media';
import { coverCrop, fitWithin, frameTime } from '../../web/features/media/upload/previewGeometry';

const side = fc.integer({ min: 1, max: 10_000 });

describe('image thumbnail size (001 §9: at most 200 px)', () => {
  it('scales the longer side to 200 and keeps the proportions', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, PREVIEW.maxSide)).toEqual({
      width: 200,
      height: 150,
    });
    expect(fitWithin({ width: 300, height: 1200 }, PREVIEW.maxSide)).toEqual({
      width: 50,
      height: 200,
    });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin({ width: 120, height: 80 }, PREVIEW.maxSide)).toEqual({
      width: 120,
      height: 80,
    });
  });

  it('always fits and never collapses to nothing', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const fitted = fitWithin({ width, height }, PREVIEW.maxSide);
        expect(Math.max(fitted.width, fitted.height)).toBeLessThanOrEqual(PREVIEW.maxSide);
        expect(Math.min(fitted.width, fitted.height)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('video frame (001 §9)', () => {
  it('is taken at the lesser of 1 s and a quarter of the duration', () => {
    expect(frameTime(60)).toBe(1);
    expect(frameTime(2)).toBe(0.5);
    expect(frameTime(0)).toBe(0);
    expect(frameTime(Number.NaN)).toBe(0);
    expect(frameTime(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('fills 200x150 from the centre of the picture without stretching it', () => {
    const target = { width: PREVIEW.videoWidth, height: PREVIEW.videoHeight };
    expect(coverCrop({ width: 1920, height: 1080 }, target)).toEqual({
      sx: 240,
      sy: 0,
      sw: 1440,
      sh: 1080,
    });
    fc.assert(
      fc.property(side, side, (width, height) => {
        const crop = coverCrop({ width, height }, target);
        expect(crop.sw / crop.sh).toBeCloseTo(target.width / target.height);
        expect(crop.sx).toBeGreaterThanOrEqual(-1e-9);
        expect(crop.sy).toBeGreaterThanOrEqual(-1e-9);
        expect(crop.sx * 2 + crop.sw).toBeCloseTo(width);
        expect(crop.sy * 2 + crop.sh).toBeCloseTo(height);
      }),
    );
  });
});

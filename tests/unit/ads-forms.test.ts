import { adsMessages } from '../../shared/ads';
import {
  definitionDraft,
  definitionOutcome,
  NOT_A_NUMBER,
  placementDraft,
  placementOutcome,
} from '../../web/features/ads/adForms';
import { anAd, aPlacement } from '../support/ad-fixture';

describe('the owner’s ad form', () => {
  const ad = anAd();

  it('changes nothing when nothing was edited', () => {
    expect(definitionOutcome(ad, definitionDraft(ad))).toEqual({ kind: 'unchanged' });
  });

  it('sends only the fields that changed, trimmed, one feature a line', () => {
    const draft = {
      ...definitionDraft(ad),
      title: '  Team Plan Plus ',
      features: 'Shared workspaces\n\n  Audit log \n',
      priority: '12',
      active: false,
    };
    expect(definitionOutcome(ad, draft)).toEqual({
      kind: 'patch',
      patch: {
        title: 'Team Plan Plus',
        features: ['Shared workspaces', 'Audit log'],
        priority: 12,
        active: false,
      },
    });
  });

  it('refuses what the server would, beside the field', () => {
    const blank = definitionOutcome(ad, { ...definitionDraft(ad), title: '   ' });
    expect(blank).toEqual({ kind: 'invalid', errors: { title: 'This cannot be blank' } });

    const long = definitionOutcome(ad, { ...definitionDraft(ad), badge: 'x'.repeat(21) });
    expect(long.kind === 'invalid' && long.errors.badge).toBeTruthy();

    const tooMany = definitionOutcome(ad, {
      ...definitionDraft(ad),
      features: 'a\nb\nc\nd\ne\nf\ng',
    });
    expect(tooMany.kind === 'invalid' && tooMany.errors.features).toBeTruthy();

    const negative = definitionOutcome(ad, { ...definitionDraft(ad), priority: '-1' });
    expect(negative.kind === 'invalid' && negative.errors.priority).toBeTruthy();
  });

  it('says a priority that is not a number is not one', () => {
    for (const priority of ['', 'ten', '1e']) {
      expect(definitionOutcome(ad, { ...definitionDraft(ad), priority })).toEqual({
        kind: 'invalid',
        errors: { priority: NOT_A_NUMBER },
      });
    }
    const fraction = definitionOutcome(ad, { ...definitionDraft(ad), priority: '1.5' });
    expect(fraction.kind).toBe('invalid');
  });
});

describe('the owner’s placement form', () => {
  const placement = aPlacement();

  it('changes nothing when nothing was edited', () => {
    expect(placementOutcome(placement, placementDraft(placement))).toEqual({ kind: 'unchanged' });
  });

  it('sends the interval, the most ads and the network switch with its unit id', () => {
    const draft = {
      ...placementDraft(placement),
      rotationInterval: '5000',
      maxAds: '2',
      adSenseEnabled: true,
      adSenseUnitId: ' 1234567890 ',
    };
    expect(placementOutcome(placement, draft)).toEqual({
      kind: 'patch',
      patch: {
        rotationInterval: 5000,
        maxAds: 2,
        adSenseEnabled: true,
        adSenseUnitId: '1234567890',
      },
    });
  });

  it('refuses the network without a unit id, a unit id of letters, and out-of-range numbers', () => {
    const noUnit = placementOutcome(placement, {
      ...placementDraft(placement),
      adSenseEnabled: true,
    });
    expect(noUnit.kind === 'invalid' && noUnit.errors.adSenseUnitId).toBeTruthy();
    const letters = placementOutcome(placement, {
      ...placementDraft(placement),
      adSenseUnitId: 'abc',
    });
    expect(letters).toEqual({
      kind: 'invalid',
      errors: { adSenseUnitId: 'An ad unit id is digits' },
    });
    const fast = placementOutcome(placement, {
      ...placementDraft(placement),
      rotationInterval: '10',
    });
    expect(fast.kind === 'invalid' && fast.errors.rotationInterval).toBeTruthy();
    const many = placementOutcome(placement, { ...placementDraft(placement), maxAds: '7' });
    expect(many.kind === 'invalid' && many.errors.maxAds).toBeTruthy();
    const blank = placementOutcome(placement, { ...placementDraft(placement), maxAds: ' ' });
    expect(blank).toEqual({ kind: 'invalid', errors: { maxAds: NOT_A_NUMBER } });
  });

  it('clears the unit id when the field is emptied', () => {
    const withUnit = aPlacement({ adSenseUnitId: '42' });
    expect(placementOutcome(withUnit, { ...placementDraft(withUnit), adSenseUnitId: '' })).toEqual({
      kind: 'patch',
      patch: { adSenseUnitId: null },
    });
  });

  it('uses the shared message when nothing changes', () => {
    expect(adsMessages.nothingToChange).toBe('Nothing to change');
  });
});

import fc from 'fast-check';
import {
  checkPasswordRules,
  isCommonPassword,
  meetsPasswordRules,
  PASSWORD_MIN_LENGTH,
  passwordRules,
} from '../../shared/auth/password-rules';

const unmet = (password: string, username = 'ana_lima') =>
  checkPasswordRules(password, username)
    .filter((rule) => !rule.met)
    .map((rule) => rule.id);

describe('the new-password rules of 001 §5', () => {
  it('accepts a password meeting every rule', () => {
    expect(unmet('Fresh-Harbour-42')).toEqual([]);
    expect(meetsPasswordRules('Fresh-Harbour-42', 'ana_lima')).toBe(true);
  });

  it.each([
    ['Short-Pw-1', ['length']],
    ['fresh-harbour-42', ['uppercase']],
    ['FRESH-HARBOUR-42', ['lowercase']],
    ['Fresh-Harbour-xx', ['digit']],
    ['FreshHarbour42x', ['special']],
    ['Fresh-ANA_LIMA-42', ['notUsername']],
    ['', ['length', 'uppercase', 'lowercase', 'digit', 'special', 'notCommon', 'notUsername']],
  ])('%s misses %j', (password, rules) => {
    expect(unmet(password)).toEqual(rules);
  });

  it('counts characters, not UTF-16 units, and letters of any script', () => {
    expect(unmet('Ωmega-😀😀😀😀-1')).toEqual([]);
    expect(unmet('Éé1!😀😀😀😀😀😀')).toEqual(['length']);
  });

  it('knows common passwords whatever their case, bare or with digits and symbols around', () => {
    for (const common of ['password', 'PASSWORD', '123456', 'qwerty', 'Admin', 'LetMeIn']) {
      expect(isCommonPassword(common)).toBe(true);
    }
    expect(isCommonPassword('Password123!')).toBe(true);
    expect(isCommonPassword('!!2024Letmein?')).toBe(true);
    expect(isCommonPassword('Fresh-Harbour-42')).toBe(false);
    expect(unmet('Password123!')).toEqual(['notCommon']);
  });

  it('does not judge the username rule without a username', () => {
    expect(unmet('Fresh-Harbour-42', '')).toEqual([]);
  });

  it('lists the rules in the checklist order with a label each', () => {
    expect(passwordRules.map((rule) => rule.id)).toEqual([
      'length',
      'uppercase',
      'lowercase',
      'digit',
      'special',
      'notCommon',
      'notUsername',
    ]);
    expect(passwordRules.every((rule) => rule.label.length > 0)).toBe(true);
  });

  it('is met exactly when every rule is', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 12 }), (p, u) => {
        const results = checkPasswordRules(p, u);
        expect(meetsPasswordRules(p, u)).toBe(results.every((rule) => rule.met));
      }),
    );
  });

  it('never accepts a password shorter than the minimum or one holding the username', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: PASSWORD_MIN_LENGTH - 1 }),
        fc.stringMatching(/^[A-Za-z0-9_]{3,12}$/),
        fc.string({ maxLength: 10 }),
        (short, username, around) => {
          expect(meetsPasswordRules(short, username)).toBe(false);
          const holding = `${around}${username.toUpperCase()}Zz9!${around}`;
          expect(meetsPasswordRules(holding, username)).toBe(false);
        },
      ),
    );
  });

  it('accepts any password built of each class with no username in it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{8,20}$/), (word) => {
        const password = `Q${word}7#x${word.length}`;
        fc.pre(!isCommonPassword(password));
        expect(meetsPasswordRules(password, 'zz_nobody_zz')).toBe(true);
      }),
    );
  });
});

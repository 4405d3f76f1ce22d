import { VERIFICATION_POSES, VERIFICATION_REJECT_REASONS } from '@dating/shared-kit/contracts';
import { assertCompleteLocales } from '@dating/shared-kit/i18n';
import { verificationLocales } from './i18n';

describe('verification locales', () => {
  it('are complete in all 7 languages with the same placeholders as nl', () => {
    expect(assertCompleteLocales(verificationLocales)).toEqual({});
  });

  it('name every pose and every rejection reason (member and staff texts)', () => {
    for (const lang of Object.values(verificationLocales)) {
      expect(Object.keys(lang.poses).sort()).toEqual([...VERIFICATION_POSES].sort());
      expect(Object.keys(lang.reasons).sort()).toEqual([...VERIFICATION_REJECT_REASONS].sort());
      expect(Object.keys(lang.staff.reasons).sort()).toEqual([...VERIFICATION_REJECT_REASONS].sort());
    }
  });
});

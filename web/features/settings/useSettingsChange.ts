import { useState } from 'react';
import type { AppearanceSettings, MemberSettingsUpdate } from '../../../shared/profiles';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { selectSignedInUserId } from '../auth';
import { appearanceAdopted, selectFontSize, selectThemeSetting } from '../theme';

/**
 * Changes settings: the appearance applies at once (signed out too, kept in local storage), and
 * a signed-in member's change is stored, so their other tabs and devices follow. The top bar's
 * theme toggle uses it on every page, so the settings API (and its schemas) load on first use.
 */
export function useSettingsChange() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedInUserId) !== null;
  const theme = useAppSelector(selectThemeSetting);
  const fontSize = useAppSelector(selectFontSize);
  const [saving, setSaving] = useState(false);

  async function change(wanted: MemberSettingsUpdate): Promise<boolean> {
    if (wanted.appearance) {
      const next: AppearanceSettings = { theme, fontSize, ...wanted.appearance };
      dispatch(appearanceAdopted(next));
    }
    if (!signedIn) return true;
    setSaving(true);
    try {
      const { memberSettingsSaved } = await import('../profile/memberSettingsSync');
      return await dispatch(memberSettingsSaved(wanted));
    } finally {
      setSaving(false);
    }
  }

  return { change, saving, signedIn };
}

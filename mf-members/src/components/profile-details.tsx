import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import type { Profile } from '@dating/shared-kit/contracts';
import { toLanguage, useTranslation } from '@dating/shared-kit/i18n';
import { useSettings } from '@dating/shared-kit/state';
import { colors, radii } from '@dating/shared-kit/theme';
import { loadInterests } from '../api';

/** Interest slug -> label in the UI language (from /api/interests.php, loaded once per language). */
export function useInterestLabels(): Record<string, string> {
  const { i18n } = useTranslation('members');
  const language = toLanguage(i18n.language) ?? 'nl';
  const [labels, setLabels] = useState<Record<string, string>>({});
  useEffect(() => {
    let alive = true;
    loadInterests(language)
      .then((r) => alive && setLabels(Object.fromEntries(r.interests.map((i) => [i.slug, i.label]))))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [language]);
  return labels;
}

/** The profile fields of spec section 3 that are filled in, as a definition list. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation('members');
  const interestLabels = useInterestLabels();
  const settings = useSettings();
  // the site decides which profile fields others see (settings.visible_profile_fields; empty = all)
  const visibleList = settings?.visible_profile_fields ?? [];
  const visible = (field: string) => visibleList.length === 0 || visibleList.includes(field);
  const rows: [string, string][] = [];
  if (profile.sexuality && visible('sexuality')) rows.push([t('field.sexuality'), t(`sexuality.${profile.sexuality}`)]);
  if (profile.relationship_status && visible('relationship_status'))
    rows.push([t('field.relationship_status'), t(`relationship.${profile.relationship_status}`)]);
  if (profile.hair_color && visible('hair_color')) rows.push([t('field.hair_color'), t(`hair.${profile.hair_color}`)]);
  if (profile.eye_color && visible('eye_color')) rows.push([t('field.eye_color'), t(`eyes.${profile.eye_color}`)]);
  if (profile.body_type && visible('body_type')) rows.push([t('field.body_type'), t(`body.${profile.body_type}`)]);
  if (profile.tattoos != null && visible('tattoos')) rows.push([t('field.tattoos'), profile.tattoos ? t('common.yes') : t('common.no')]);
  if (profile.reason && visible('reason')) rows.push([t('field.reason'), profile.reason]);
  const showAbout = Boolean(profile.about) && visible('about');
  const showInterests = profile.interests.length > 0 && visible('interests');
  return (
    <div>
      {showAbout && (
        <section aria-labelledby="about-heading">
          <h2
            id="about-heading"
            css={css`
              font-size: 1.125rem;
            `}
          >
            {t('field.about')}
          </h2>
          <p
            css={css`
              white-space: pre-line;
            `}
          >
            {profile.about}
          </p>
        </section>
      )}
      {rows.length > 0 && (
        <dl
          css={css`
            display: grid;
            grid-template-columns: max-content 1fr;
            gap: 6px 16px;
            margin: 16px 0;
          `}
        >
          {rows.map(([k, v]) => (
            <div
              key={k}
              css={css`
                display: contents;
              `}
            >
              <dt
                css={css`
                  color: ${colors.textMuted};
                `}
              >
                {k}
              </dt>
              <dd
                css={css`
                  margin: 0;
                  font-weight: 600;
                `}
              >
                {v}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {showInterests && (
        <section aria-labelledby="interests-heading">
          <h2
            id="interests-heading"
            css={css`
              font-size: 1.125rem;
            `}
          >
            {t('field.interests')}
          </h2>
          <ul
            css={css`
              list-style: none;
              padding: 0;
              display: flex;
              flex-wrap: wrap;
              gap: 8px;
            `}
          >
            {profile.interests.map((slug) => (
              <li
                key={slug}
                css={css`
                  background: ${colors.primarySoft};
                  color: ${colors.primaryHover};
                  padding: 4px 12px;
                  border-radius: ${radii.pill};
                  font-size: 0.875rem;
                `}
              >
                {interestLabels[slug] ?? slug}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

import { css } from '@emotion/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { MatchFinderRequest, Profile } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Button, Container } from '@dating/shared-kit/ui';
import { membersApi } from '../api';
import { ProfileGrid } from '../components/profile-card';
import { errorText } from '../components/use-async';
import '../i18n';

const CHOICES = {
  age: ['18-35', '35+'],
  appearance: ['normal', 'sexy'],
  race: ['white', 'other'],
} as const;

/** /match-finder: three choices of spec section 3, then matching members. */
export function MatchFinderPage() {
  const { t } = useTranslation('members');
  // age and appearance start on the first choice; origin is the member's own to give (or not):
  // never pre-selected
  const [choice, setChoice] = useState<MatchFinderRequest>({ age: '18-35', appearance: 'normal' });
  const [profiles, setProfiles] = useState<Profile[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setProfiles((await membersApi.matchFinder(choice)).profiles);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container>
      <h1>{t('finder.title')}</h1>
      <p>{t('finder.intro')}</p>
      <form
        onSubmit={(e) => void submit(e)}
        css={css`
          display: grid;
          gap: 16px;
          margin-bottom: 24px;
        `}
      >
        {(Object.keys(CHOICES) as (keyof typeof CHOICES)[]).map((name) => (
          <fieldset
            key={name}
            css={css`
              border: 1px solid ${colors.border};
              border-radius: ${radii.md};
              padding: 12px 16px;
            `}
          >
            <legend
              css={css`
                font-weight: 700;
              `}
            >
              {t(`finder.${name}`)}
            </legend>
            <div
              css={css`
                display: flex;
                gap: 16px;
                flex-wrap: wrap;
              `}
            >
              {CHOICES[name].map((value) => (
                <label
                  key={value}
                  css={css`
                    display: flex;
                    gap: 6px;
                    align-items: center;
                    cursor: pointer;
                  `}
                >
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={choice[name] === value}
                    onChange={() => setChoice((c) => ({ ...c, [name]: value }))}
                  />
                  {t(`finder.${name}_${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <Button type="submit" loading={busy}>
          {t('finder.submit')}
        </Button>
      </form>
      {error && <Alert variant="danger">{error}</Alert>}
      {profiles && (
        <section aria-labelledby="finder-results">
          <h2 id="finder-results" aria-live="polite">
            {t('finder.found', { count: profiles.length })}
          </h2>
          <ProfileGrid profiles={profiles} label={t('finder.results')} />
        </section>
      )}
    </Container>
  );
}

export default MatchFinderPage;

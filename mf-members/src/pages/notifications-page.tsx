import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Preferences, PreferencesUpdate, ProfileUpdate } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { enablePush, getSession, pushCapable, refreshSession, syncPush, usePushState, useSettings } from '@dating/shared-kit/state';
import type { EnablePushResult } from '@dating/shared-kit/state';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Button, Checkbox, Container, Spinner } from '@dating/shared-kit/ui';
import { membersApi } from '../api';
import { errorText, useAsync } from '../components/use-async';
import '../i18n';

type GeoState = 'idle' | 'busy' | 'active' | 'error';

/**
 * A coordinate rounded to 2 decimals (about 1 km): enough to find the city, and the exact position
 * of the browser never leaves the device.
 */
export function coarseCoordinate(value: number): number {
  return Math.round(value * 100) / 100;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    // min-inline-size 0: a fieldset is at least as wide as its widest content by default (the page was 421 px wide on a 390 px phone)
    <fieldset
      css={css`
        border: 1px solid ${colors.border};
        border-radius: ${radii.md};
        padding: 12px 16px;
        display: grid;
        gap: 6px;
        min-inline-size: 0;
      `}
    >
      <legend
        css={css`
          font-weight: 700;
        `}
      >
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/** The geolocation button: fills country / region / city from the browser's position. */
function LocationButton({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTranslation('members');
  const [state, setState] = useState<GeoState>('idle');
  const [message, setMessage] = useState('');
  const locate = () => {
    const geo = globalThis.navigator?.geolocation;
    if (!geo) {
      setState('error');
      setMessage(t('location.unsupported'));
      return;
    }
    setState('busy');
    const onPosition = async (pos: GeolocationPosition) => {
      try {
        const place = await membersApi.geocode(coarseCoordinate(pos.coords.latitude), coarseCoordinate(pos.coords.longitude));
        await membersApi.saveProfile({ country: place.country, region: place.region, city: place.city } as ProfileUpdate);
        await membersApi.savePreferences({ location: { use_geolocation: true } });
        void refreshSession();
        setState('active');
        const text = t('location.found', { city: place.city });
        setMessage(text);
        onDone(text);
      } catch (e) {
        setState('error');
        setMessage(errorText(e) ?? t('location.failed'));
      }
    };
    geo.getCurrentPosition(
      (pos) => void onPosition(pos),
      (err) => {
        setState('error');
        setMessage(err.code === err.PERMISSION_DENIED ? t('location.denied') : t('location.failed'));
      },
      { maximumAge: 60 * 60 * 1000, timeout: 15000 },
    );
  };
  return (
    <div>
      <Button
        variant={state === 'active' ? 'success' : state === 'error' ? 'danger' : 'outline'}
        onClick={locate}
        loading={state === 'busy'}
        data-state={state}
      >
        {state === 'active' ? t('location.buttonActive') : state === 'error' ? t('location.buttonError') : t('location.button')}
      </Button>
      {message && (
        <p
          role={state === 'error' ? 'alert' : 'status'}
          css={css`
            color: ${state === 'error' ? colors.danger : colors.success};
          `}
        >
          {message}
        </p>
      )}
    </div>
  );
}

/** Push in this browser: on, blocked, not possible, or a button to turn it on (also after the push alert was dismissed). */
function PushThisBrowser() {
  const { t } = useTranslation('members');
  const key = useSettings()?.push_public_key ?? null;
  const push = usePushState();
  const [result, setResult] = useState<EnablePushResult | null>(null);
  const [busy, setBusy] = useState(false);
  const capable = pushCapable(key);
  useEffect(() => {
    if (capable && push.unknown) void syncPush(key);
  }, [capable, push.unknown, key]);
  const note = css`
    margin: 4px 0;
    color: ${colors.textMuted};
  `;
  if (!capable) return <p css={note}>{t('settings.pushUnsupported')}</p>;
  if (push.subscribed) return <p css={note}>{t('settings.pushOn')}</p>;
  if (push.denied) return <p css={note}>{t('settings.pushBlocked')}</p>;
  const enable = async () => {
    setBusy(true);
    try {
      setResult(await enablePush(key));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button size="sm" variant="outline" onClick={() => void enable()} loading={busy}>
        {t('settings.pushEnable')}
      </Button>
      {result === 'failed' && (
        <p
          role="alert"
          css={css`
            color: ${colors.danger};
          `}
        >
          {t('settings.pushFailed')}
        </p>
      )}
    </div>
  );
}

function BlockedList() {
  const { t } = useTranslation('members');
  const list = useAsync(() => membersApi.blocked(), []);
  if (!list.data || list.data.blocked.length === 0) return <p>{t('blocked.none')}</p>;
  return (
    <ul
      css={css`
        list-style: none;
        padding: 0;
        display: grid;
        gap: 8px;
      `}
    >
      {list.data.blocked.map((b) => (
        <li
          key={b.id}
          css={css`
            display: flex;
            align-items: center;
            justify-content: space-between;
            gap: 12px;
          `}
        >
          <span>{b.name}</span>
          <Button size="sm" variant="outline" onClick={() => void membersApi.unblock(b.id).then(list.reload)}>
            {t('blocked.unblock', { name: b.name })}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** /notifications: e-mail and push preferences, invisible mode, location settings, blocked members. */
export function NotificationsPage() {
  const { t } = useTranslation('members');
  const prefs = useAsync(() => membersApi.preferences(), []);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (prefs.error)
    return (
      <Container>
        <Alert variant="danger">{prefs.error}</Alert>
      </Container>
    );
  if (!prefs.data)
    return (
      <Container>
        <Spinner label={t('common.loading')} />
      </Container>
    );
  const p: Preferences = prefs.data.preferences;
  const save = async (update: PreferencesUpdate) => {
    setError(null);
    try {
      prefs.setData(await membersApi.savePreferences(update));
      setStatus(t('settings.saved'));
      // turning mails back on lifts a spam complaint / unsubscribe on the server: reload the user so
      // the notifications-disabled alert goes away now, not at the next periodic refresh
      if (update.email && getSession()?.notifications_disabled.length) void refreshSession().catch(() => undefined);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const kinds = ['messages', 'likes', 'matches'] as const;
  return (
    <Container>
      <div
        css={css`
          max-width: 720px;
          margin: 0 auto;
        `}
      >
        <h1>{t('settings.title')}</h1>
        <div
          css={css`
            display: grid;
            gap: 16px;
          `}
        >
          <Group title={t('settings.email')}>
            {kinds.map((k) => (
              <Checkbox
                key={k}
                label={t(`settings.email_${k}`)}
                checked={p.email[k]}
                onChange={(e) => void save({ email: { [k]: e.target.checked } })}
              />
            ))}
            <Checkbox
              label={t('settings.email_newsletter')}
              checked={p.email.newsletter}
              onChange={(e) => void save({ email: { newsletter: e.target.checked } })}
            />
          </Group>
          <Group title={t('settings.push')}>
            {kinds.map((k) => (
              <Checkbox
                key={k}
                label={t(`settings.push_${k}`)}
                checked={p.push[k]}
                onChange={(e) => void save({ push: { [k]: e.target.checked } })}
              />
            ))}
            <PushThisBrowser />
          </Group>
          <Group title={t('settings.privacy')}>
            <Checkbox
              label={t('settings.invisible')}
              hint={t('settings.invisibleHint')}
              checked={p.invisible}
              onChange={(e) => void save({ invisible: e.target.checked })}
            />
          </Group>
          <Group title={t('settings.location')}>
            <Checkbox
              label={t('settings.useGeolocation')}
              checked={p.location.use_geolocation}
              onChange={(e) => void save({ location: { use_geolocation: e.target.checked } })}
            />
            <Checkbox
              label={t('settings.showCity')}
              checked={p.location.show_city}
              onChange={(e) => void save({ location: { show_city: e.target.checked } })}
            />
            <p
              css={css`
                color: ${colors.textMuted};
                font-size: 0.875rem;
                margin: 4px 0;
              `}
            >
              {t('location.privacy')}
            </p>
            <LocationButton onDone={(text) => setStatus(text)} />
          </Group>
          <Group title={t('blocked.title')}>
            <BlockedList />
          </Group>
          <p role="status">{status}</p>
          {error && <Alert variant="danger">{error}</Alert>}
        </div>
      </div>
    </Container>
  );
}

export default NotificationsPage;

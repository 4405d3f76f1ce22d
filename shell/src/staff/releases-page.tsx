/**
 * `/backoffice/releases` (issue 27 item 6): the platform's page, so the shell renders it itself
 * (roles `release` and admin). Per remote: the live release, the canary and its share (or that it
 * is paused), the automatic-rollback banner, and the history with notes, first-load size and the
 * error rate of the last hour beside the live release's. Actions, each confirmed in the house's
 * named, focus-trapped dialog: canary 1-50 % (a labelled number input), change the share, promote,
 * roll back to any earlier release, pause/resume. Every action sends the remote state's `version`:
 * when someone else changed the remote first the server answers 409 `release_conflict`, shown as
 * a translated message, and the page reloads the state; 409 `release_incompatible` names each
 * shared package, wanted and offered.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { api, isApiRequestError } from '@dating/shared-kit/api';
import { CANARY_PERCENT_MAX, ZReleaseProblem, ZReleasesPage, ZRemoteReleases } from '@dating/shared-kit/contracts';
import type { Release, RemoteReleases } from '@dating/shared-kit/contracts';
import { Alert, Button, ConfirmDialog, ResultMessage, staffCell, StaffTable, TextField, useAsync } from '@dating/shared-kit/ui';

type Action =
  | { kind: 'canary'; remote: RemoteReleases; release: Release }
  | { kind: 'share'; remote: RemoteReleases; release: Release }
  | { kind: 'promote'; remote: RemoteReleases; release: Release }
  | { kind: 'rollback'; remote: RemoteReleases; release: Release }
  | { kind: 'pause'; remote: RemoteReleases; paused: boolean };

/** What a refused action says, in the page's language (409s by code, else the server's text). */
export function actionError(t: TFunction<'shell'>, error: unknown): Error {
  if (isApiRequestError(error)) {
    if (error.code === 'release_conflict') return new Error(t('releases.errors.conflict'));
    if (error.code === 'release_incompatible') {
      const problems = z.array(ZReleaseProblem).safeParse((error.body as { problems?: unknown } | undefined)?.problems);
      const list = problems.success
        ? problems.data.map((p) => t('releases.errors.problem', { package: p.package, wanted: p.wanted, offered: p.offered })).join('; ')
        : '';
      return new Error(`${t('releases.errors.incompatible')} ${list}`.trim());
    }
  }
  return error instanceof Error ? error : new Error(String(error));
}

function useFormat() {
  const { i18n } = useTranslation('shell');
  const lang = i18n.language;
  return {
    kb: (bytes: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(bytes / 1024),
    rate: (rate: number | null) => (rate === null ? '–' : new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(rate)),
    date: (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short' }),
  };
}

function RemoteCard({ remote, onAction }: { remote: RemoteReleases; onAction: (action: Action) => void }) {
  const { t } = useTranslation('shell');
  const format = useFormat();
  const headingId = `release-${remote.remote}`;
  const live = remote.releases.find((r) => r.build_id === remote.live?.build_id) ?? null;
  const canary = remote.releases.find((r) => r.build_id === remote.canary?.build_id) ?? null;
  const liveIndex = live ? remote.releases.indexOf(live) : -1;
  const rows = remote.releases.map((release, index) => {
    const isLive = release.build_id === remote.live?.build_id;
    const isCanary = release.build_id === remote.canary?.build_id;
    // releases older than the live one (the list is newest first) can be rolled back to
    const earlier = !isLive && liveIndex >= 0 && index > liveIndex;
    return (
      <tr key={release.build_id}>
        <td css={staffCell}>
          <code>{release.build_id}</code>
        </td>
        <td css={staffCell}>{t(`releases.status.${release.status}`)}</td>
        <td css={staffCell}>
          {format.date(release.created_at)}
          <br />
          {release.created_by}
        </td>
        <td css={staffCell}>{release.notes ?? ''}</td>
        <td css={staffCell}>{t('releases.kb', { size: format.kb(release.first_load_bytes) })}</td>
        <td css={staffCell}>
          {t('releases.rate', { rate: format.rate(release.error_rate_1h), errors: release.errors_1h, mounts: release.mounts_1h })}
          {!isLive && live && <> {t('releases.rateLive', { rate: format.rate(live.error_rate_1h) })}</>}
          {release.rollback_reason && <div>{t('releases.rolledBack', { reason: release.rollback_reason })}</div>}
        </td>
        <td css={staffCell}>
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem' }}>
            {release.status === 'ready' && !isCanary && (
              <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'canary', remote, release })}>
                {t('releases.actions.canary')}
              </Button>
            )}
            {/* a newer release (ready, the canary, or one rolled back from) can be made live */}
            {!isLive && !earlier && (
              <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'promote', remote, release })}>
                {t('releases.actions.promote')}
              </Button>
            )}
            {earlier && (
              <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'rollback', remote, release })}>
                {t('releases.actions.rollback')}
              </Button>
            )}
          </div>
        </td>
      </tr>
    );
  });
  return (
    <section aria-labelledby={headingId} css={{ display: 'grid', gap: '0.75rem', padding: '1rem 0', borderBottom: '1px solid #eee' }}>
      <h2 id={headingId} css={{ margin: 0, fontSize: '1.25rem' }}>
        {remote.remote}
      </h2>
      {remote.banner && (
        <Alert variant="warning" title={t('releases.bannerTitle')}>
          {remote.banner}
        </Alert>
      )}
      <dl css={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 0.75rem', margin: 0 }}>
        <dt>{t('releases.live')}</dt>
        <dd css={{ margin: 0 }}>{remote.live ? <code>{remote.live.build_id}</code> : t('releases.none')}</dd>
        <dt>{t('releases.canary')}</dt>
        <dd css={{ margin: 0 }}>
          {remote.canary ? (
            <>
              <code>{remote.canary.build_id}</code> {t('releases.share', { percent: remote.canary.percent })}
              {remote.paused && <> · {t('releases.paused')}</>}
            </>
          ) : (
            t('releases.none')
          )}
        </dd>
      </dl>
      {remote.canary && canary && (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'share', remote, release: canary })}>
            {t('releases.actions.share')}
          </Button>
          <Button size="sm" onClick={() => onAction({ kind: 'promote', remote, release: canary })}>
            {t('releases.actions.promoteCanary')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAction({ kind: 'pause', remote, paused: !remote.paused })}>
            {remote.paused ? t('releases.actions.resume') : t('releases.actions.pause')}
          </Button>
        </div>
      )}
      <StaffTable
        caption={t('releases.history', { remote: remote.remote })}
        headers={[
          t('releases.cols.build'),
          t('releases.cols.status'),
          t('releases.cols.when'),
          t('releases.cols.notes'),
          t('releases.cols.size'),
          t('releases.cols.errors'),
          t('releases.cols.actions'),
        ]}
        rows={rows}
        empty={t('releases.empty')}
      />
    </section>
  );
}

function ActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: Action | null;
  onClose: () => void;
  onDone: (remote: RemoteReleases, message: string) => void;
}) {
  const { t } = useTranslation('shell');
  const [percent, setPercent] = useState('10');
  const [percentError, setPercentError] = useState<string | null>(null);
  if (!action) return null;
  const folder = action.remote.remote;
  const version = action.remote.version;
  const asksPercent = action.kind === 'canary' || action.kind === 'share';
  const buildId = 'release' in action ? action.release.build_id : (action.remote.canary?.build_id ?? '');
  const texts = {
    canary: { title: t('releases.dialogs.canaryTitle', { build: buildId }), confirm: t('releases.actions.canary') },
    share: { title: t('releases.dialogs.shareTitle', { build: buildId }), confirm: t('releases.actions.share') },
    promote: { title: t('releases.dialogs.promoteTitle', { build: buildId }), confirm: t('releases.actions.promote') },
    rollback: { title: t('releases.dialogs.rollbackTitle', { build: buildId }), confirm: t('releases.actions.rollback') },
    pause: {
      title:
        action.kind === 'pause' && !action.paused
          ? t('releases.dialogs.resumeTitle', { build: buildId })
          : t('releases.dialogs.pauseTitle', { build: buildId }),
      confirm: action.kind === 'pause' && !action.paused ? t('releases.actions.resume') : t('releases.actions.pause'),
    },
  }[action.kind];
  const run = async () => {
    let path: string;
    let body: Record<string, unknown>;
    if (asksPercent) {
      const value = Number(percent);
      if (!Number.isInteger(value) || value < 1 || value > CANARY_PERCENT_MAX) {
        const message = t('releases.percentError', { max: CANARY_PERCENT_MAX });
        setPercentError(message);
        throw new Error(message);
      }
      setPercentError(null);
      path = 'canary';
      body = { build_id: buildId, percent: value, version };
    } else if (action.kind === 'pause') {
      path = 'pause';
      body = { paused: action.paused, version };
    } else {
      path = action.kind;
      body = { build_id: buildId, version };
    }
    try {
      const updated = await api.post(`/api/backoffice/releases/${folder}/${path}`, body, ZRemoteReleases);
      onDone(
        updated,
        t(`releases.done.${action.kind === 'pause' && !action.paused ? 'resume' : action.kind}`, { build: buildId, remote: folder }),
      );
    } catch (error) {
      throw actionError(t, error);
    }
  };
  return (
    <ConfirmDialog
      open
      title={texts.title}
      confirmLabel={texts.confirm}
      tone={action.kind === 'rollback' ? 'danger' : 'primary'}
      onConfirm={run}
      onClose={onClose}
    >
      <p css={{ marginTop: 0 }}>
        {t(`releases.dialogs.${action.kind === 'pause' && !action.paused ? 'resume' : action.kind}Text`, { remote: folder })}
      </p>
      {asksPercent && (
        <TextField
          label={t('releases.percentLabel')}
          hint={t('releases.percentHint', { max: CANARY_PERCENT_MAX })}
          type="number"
          inputMode="numeric"
          min={1}
          max={CANARY_PERCENT_MAX}
          step={1}
          value={percent}
          error={percentError ?? undefined}
          onChange={(e) => setPercent(e.target.value)}
        />
      )}
    </ConfirmDialog>
  );
}

export function ReleasesPage() {
  const { t } = useTranslation('shell');
  const state = useAsync(() => api.get('/api/backoffice/releases', ZReleasesPage), []);
  const [action, setAction] = useState<Action | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const succeeded = useRef(false);
  const close = () => {
    setAction(null);
    // cancelled or refused (someone else may have been first): show what is true now
    if (!succeeded.current) state.reload();
    succeeded.current = false;
  };
  const done = (updated: RemoteReleases, text: string) => {
    succeeded.current = true;
    if (state.data) state.setData({ remotes: state.data.remotes.map((r) => (r.remote === updated.remote ? updated : r)) });
    setMessage(text);
  };
  return (
    <section aria-labelledby="releases-title" css={{ display: 'grid', gap: '0.75rem', maxWidth: '72rem' }}>
      <h1 id="releases-title" css={{ margin: 0, fontSize: '1.5rem' }}>
        {t('releases.title')}
      </h1>
      <p css={{ margin: 0 }}>{t('releases.intro')}</p>
      <ResultMessage message={message} onDismiss={() => setMessage(null)} />
      {state.error && (
        <Alert
          variant="danger"
          action={
            <Button size="sm" variant="outline" onClick={state.reload}>
              {t('releases.retry')}
            </Button>
          }
        >
          {state.error}
        </Alert>
      )}
      {state.loading && !state.data && <p role="status">{t('releases.loading')}</p>}
      {state.data?.remotes.map((remote) => (
        <RemoteCard
          key={remote.remote}
          remote={remote}
          onAction={(next) => {
            setMessage(null);
            setAction(next);
          }}
        />
      ))}
      <ActionDialog key={action ? `${action.kind}:${action.remote.remote}` : 'none'} action={action} onClose={close} onDone={done} />
    </section>
  );
}

/**
 * /backoffice/held-messages (issue 26 part 3, role moderator): the messages the scam guard held,
 * oldest first. Release (delivered and charged now) or reject (not delivered; a report of the
 * sender). Two moderators at once: the server lets one win; the other is told and the list
 * reloads. Loaded lazily (routes.tsx): members never download it.
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { HeldMessage, HeldPage as HeldPageData } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Button, Pager, ResultMessage, Select, Spinner } from '@dating/shared-kit/ui';
import { heldApi } from './held-api';
import { HELD_NS } from './held-i18n';

type Status = 'pending' | 'decided';

function HeldItem({ item, busy, onDecide }: { item: HeldMessage; busy: boolean; onDecide: (item: HeldMessage, release: boolean) => void }) {
  const { t, i18n } = useTranslation(HELD_NS);
  const headingId = useId();
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const text = item.body ?? (item.type === 'image' ? t('image') : item.type === 'gift' ? t('gift') : t('deleted'));
  return (
    <li>
      <article
        aria-labelledby={headingId}
        css={css`
          border: 1px solid ${colors.border};
          border-radius: ${radii.md};
          padding: 12px;
          background: ${colors.surface};
          display: grid;
          gap: 8px;
        `}
      >
        <h2
          id={headingId}
          css={css`
            margin: 0;
            font-size: 1rem;
            overflow-wrap: anywhere;
          `}
        >
          {t('from')} {item.sender.name} → {t('to')} {item.recipient.name}
        </h2>
        <p
          css={css`
            margin: 0;
            font-size: 0.8125rem;
            color: ${colors.textMuted};
          `}
        >
          <time dateTime={item.created_at}>{date(item.created_at)}</time> · {t('accountAge', { date: date(item.sender.created_at) })}
          {item.sender_pending > 1 && <> · {t('senderPending', { count: item.sender_pending })}</>}
        </p>
        <p
          css={css`
            margin: 0;
            display: flex;
            gap: 6px;
            flex-wrap: wrap;
            align-items: center;
          `}
        >
          <span>{t('reason')}:</span> <Badge tone="warning">{t(`reasons.${item.reason}`)}</Badge>
        </p>
        <blockquote
          css={css`
            margin: 0;
            padding: 8px 10px;
            border-left: 3px solid ${colors.border};
            white-space: pre-wrap;
            overflow-wrap: anywhere;
            background: ${colors.background};
          `}
        >
          {text}
        </blockquote>
        {item.status === 'pending' ? (
          <div
            css={css`
              display: flex;
              gap: 8px;
              flex-wrap: wrap;
              align-items: center;
            `}
          >
            <Button size="sm" onClick={() => onDecide(item, true)} disabled={busy}>
              {t('release')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onDecide(item, false)} disabled={busy}>
              {t('reject')}
            </Button>
            <span
              css={css`
                font-size: 0.8125rem;
                color: ${colors.textMuted};
              `}
            >
              {t('cost', { count: item.cost })}
            </span>
          </div>
        ) : (
          <p
            css={css`
              margin: 0;
              font-size: 0.875rem;
            `}
          >
            <strong>{item.status === 'released' ? t('released') : t('rejected')}</strong>
            {item.status === 'released' && (
              <> · {item.charged ? t('charged', { count: item.charged }) : item.cost > 0 ? t('chargedNone') : null}</>
            )}
            {item.decided_at && <> · {t('decidedAt', { date: date(item.decided_at) })}</>}
          </p>
        )}
      </article>
    </li>
  );
}

export default function HeldMessagesPage() {
  const { t } = useTranslation(HELD_NS);
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<HeldPageData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; tone: 'success' | 'danger' } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const answer = await heldApi.list({ status, page });
      if (call !== latest.current) return;
      setData(answer);
      setError(null);
    } catch (e) {
      if (call === latest.current) setError(e instanceof Error ? e.message : String(e));
    }
  }, [status, page]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const decide = async (item: HeldMessage, release: boolean) => {
    setBusy(item.id);
    try {
      const { held } = await heldApi.decide(item.id, release);
      setResult({ message: `${item.sender.name}: ${held.status === 'released' ? t('released') : t('rejected')}`, tone: 'success' });
    } catch (e) {
      const conflict = (e as { status?: number }).status === 409;
      setResult({ message: conflict ? t('already') : e instanceof Error ? e.message : String(e), tone: 'danger' });
    } finally {
      setBusy(null);
      await load();
    }
  };

  return (
    <section
      css={css`
        display: grid;
        gap: 12px;
        max-width: 820px;
        min-width: 0;
      `}
    >
      <h1
        css={css`
          margin: 0;
          font-size: 1.375rem;
        `}
      >
        {t('title')}
      </h1>
      <p
        css={css`
          margin: 0;
          color: ${colors.textMuted};
        `}
      >
        {t('intro')}
      </p>
      <div
        css={css`
          max-width: 240px;
        `}
      >
        <Select
          label={t('status')}
          value={status}
          options={[
            { value: 'pending', label: data ? `${t('pending')} (${data.pending})` : t('pending') },
            { value: 'decided', label: t('decided') },
          ]}
          onChange={(e) => {
            setStatus(e.target.value as Status);
            setPage(1);
          }}
        />
      </div>
      <ResultMessage message={result?.message ?? null} tone={result?.tone} onDismiss={() => setResult(null)} />
      {error && <Alert variant="danger">{error}</Alert>}
      {!data && !error && <Spinner />}
      {data && data.held.length === 0 && <p>{t('empty')}</p>}
      {data && data.held.length > 0 && (
        <ol
          aria-label={t('title')}
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: 12px;
          `}
        >
          {data.held.map((item) => (
            <HeldItem key={item.id} item={item} busy={busy === item.id} onDecide={(i, r) => void decide(i, r)} />
          ))}
        </ol>
      )}
      {data && <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={setPage} />}
    </section>
  );
}

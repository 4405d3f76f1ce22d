/**
 * /backoffice/operator and /backoffice/operator/:id (issue 15, role operator): the inbox of
 * conversations with chatpals beside the open conversation. Loaded lazily (routes.tsx), so members
 * never download it. Live: the server sends staff with the operator role an `operator:inbox` frame
 * whenever a chatpal conversation changes; the list and the open conversation reload then (and
 * every 60 s as the fallback when the socket is down).
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { bus } from '@dating/shared-kit/bus';
import type { OperatorInbox, OperatorInboxItem } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, mq, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Button, FictionalBadge, Select, Spinner, TextField } from '@dating/shared-kit/ui';
import { formatMessageTime } from '../components/time';
import { OPERATOR_NS } from './i18n';
import { operatorApi } from './operator-api';
import type { InboxFilter } from './operator-api';
import { OperatorConversationView } from './operator-conversation';

const FALLBACK_REFRESH_MS = 60_000;
const LIVE_DEBOUNCE_MS = 250;

export default function OperatorPage() {
  const { t } = useTranslation(OPERATOR_NS);
  const { id } = useParams();
  const selected = id && /^\d+$/.test(id) ? Number(id) : null;
  const [filter, setFilter] = useState<InboxFilter>('unanswered');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [inbox, setInbox] = useState<OperatorInbox | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const answer = await operatorApi.inbox({ filter, q: query, page });
      if (call !== latest.current) return;
      setInbox(answer);
      setError(null);
    } catch (e) {
      if (call === latest.current) setError(e instanceof Error ? e.message : String(e));
    }
  }, [filter, query, page]);

  useEffect(() => {
    void load();
  }, [load]);

  // live: a changed conversation reloads the list (and the open conversation, through `tick`)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = bus.on('operator:inbox', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void load();
        setTick((n) => n + 1);
      }, LIVE_DEBOUNCE_MS);
    });
    const every = setInterval(() => void load(), FALLBACK_REFRESH_MS);
    return () => {
      off();
      clearTimeout(timer);
      clearInterval(every);
    };
  }, [load]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setQuery(search);
  };
  const pages = inbox ? Math.max(1, Math.ceil(inbox.total / inbox.per_page)) : 1;

  return (
    <section
      aria-labelledby="operator-title"
      css={css`
        max-width: 1400px;
        margin: 0 auto;
      `}
    >
      <h1
        id="operator-title"
        css={css`
          margin: 0 0 4px;
          font-size: 1.5rem;
        `}
      >
        {t('title')}
      </h1>
      <p
        css={css`
          margin: 0 0 16px;
          color: ${colors.textMuted};
        `}
      >
        {t('intro')}
      </p>
      <div
        css={css`
          display: grid;
          gap: 16px;
          grid-template-columns: 1fr;
          ${mq.md} {
            grid-template-columns: minmax(260px, 340px) 1fr;
          }
        `}
      >
        <div
          css={[
            css`
              min-width: 0;
            `,
            selected != null &&
              css`
                ${mq.phone} {
                  display: none;
                }
              `,
          ]}
        >
          <form
            role="search"
            onSubmit={submit}
            css={css`
              display: grid;
              gap: 8px;
              margin-bottom: 12px;
            `}
          >
            <TextField label={t('inbox.search')} value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
            <Select
              label={t('inbox.filter')}
              value={filter}
              onChange={(e) => {
                setPage(1);
                setFilter(e.target.value as InboxFilter);
              }}
              options={[
                { value: 'unanswered', label: t('inbox.unanswered') },
                { value: 'all', label: t('inbox.all') },
              ]}
            />
            <Button type="submit" variant="outline">
              {t('inbox.submit')}
            </Button>
          </form>
          {error && <Alert variant="danger">{error}</Alert>}
          {!inbox && !error && <Spinner label={t('inbox.label')} />}
          {inbox && (
            <>
              <p
                css={css`
                  margin: 0 0 8px;
                  font-size: 0.875rem;
                  color: ${colors.textMuted};
                `}
              >
                {t('inbox.total', { count: inbox.total })}
              </p>
              {inbox.items.length === 0 ? (
                <p role="status">{query ? t('inbox.noMatch', { q: query }) : t('inbox.empty')}</p>
              ) : (
                <ul
                  aria-label={t('inbox.label')}
                  css={css`
                    list-style: none;
                    margin: 0;
                    padding: 0;
                    display: grid;
                    gap: 8px;
                  `}
                >
                  {inbox.items.map((item) => (
                    <InboxEntry key={item.conversation} item={item} current={item.conversation === selected} />
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <nav
                  aria-label={t('inbox.paging')}
                  css={css`
                    display: flex;
                    align-items: center;
                    gap: 8px;
                    margin-top: 12px;
                  `}
                >
                  <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    {t('inbox.previous')}
                  </Button>
                  <span>{t('inbox.page', { page, pages })}</span>
                  <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                    {t('inbox.next')}
                  </Button>
                </nav>
              )}
            </>
          )}
        </div>
        <div
          css={css`
            min-width: 0;
          `}
        >
          {selected != null ? (
            <OperatorConversationView key={selected} id={selected} tick={tick} onChanged={() => void load()} />
          ) : (
            <p
              css={css`
                padding: 24px;
                border: 1px dashed ${colors.border};
                border-radius: ${radii.md};
                ${mq.phone} {
                  display: none;
                }
              `}
            >
              {t('choose')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function InboxEntry({ item, current }: { item: OperatorInboxItem; current: boolean }) {
  const { t, i18n } = useTranslation(OPERATOR_NS);
  const preview = item.last_body ?? (item.last_type === 'image' ? t('inbox.photo') : item.last_type === 'gift' ? t('inbox.gift') : '');
  return (
    <li>
      <Link
        to={`/backoffice/operator/${item.conversation}`}
        aria-current={current ? 'page' : undefined}
        css={css`
          display: grid;
          gap: 4px;
          padding: 10px 12px;
          border: 1px solid ${colors.border};
          border-radius: ${radii.md};
          color: ${colors.text};
          text-decoration: none;
          background: ${current ? colors.primarySoft : colors.surface};
          &:hover,
          &:focus-visible {
            border-color: ${colors.primary};
          }
        `}
      >
        <strong
          css={css`
            display: flex;
            align-items: center;
            gap: 6px;
          `}
        >
          {t('inbox.entry', { member: item.member.name, chatpal: item.chatpal.name })}
          <FictionalBadge size={16} />
        </strong>
        <span
          css={css`
            overflow: hidden;
            text-overflow: ellipsis;
            white-space: nowrap;
            font-size: 0.875rem;
          `}
        >
          {preview}
        </span>
        <span
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 6px;
            font-size: 0.8125rem;
            color: ${colors.textMuted};
          `}
        >
          {item.waiting_since && <span>{t('inbox.waiting', { time: formatMessageTime(item.waiting_since, i18n.language) })}</span>}
          {item.disclosure_due && <Badge tone="danger">{t('inbox.flagged')}</Badge>}
          {item.claim && (
            <Badge tone={item.claim.mine ? 'success' : 'neutral'}>
              {item.claim.mine ? t('inbox.claimedMine') : t('inbox.claimedOther', { email: item.claim.operator_email })}
            </Badge>
          )}
        </span>
      </Link>
    </li>
  );
}

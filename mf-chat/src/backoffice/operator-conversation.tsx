/**
 * One chatpal conversation in the operator console: the member's and the chatpal's profiles side by
 * side, the claim, the history (a member's question whether the profile is real is marked), the
 * honesty guard's one-click disclosure and the reply box. A reply asks for confirmation (it cannot
 * be taken back); the disclosure is one click, as the issue asks: telling the truth needs no
 * second thought, and while it is due nothing else can be sent (the server refuses it).
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { OperatorClaim, OperatorConversation, OperatorMessage, Profile } from '@dating/shared-kit/contracts';
import { countryName, useTranslation } from '@dating/shared-kit/i18n';
import { colors, mq, radii } from '@dating/shared-kit/theme';
import { Alert, Badge, Button, FictionalBadge, Spinner, TextArea, buttonStyles } from '@dating/shared-kit/ui';
import { newClientId } from '../api';
import { Avatar } from '../components/avatar';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatMessageTime } from '../components/time';
import { OPERATOR_NS } from './i18n';
import { operatorApi } from './operator-api';

type Result = { kind: 'ok' | 'error'; text: string } | null;

/** Why the guard flagged a member's message (messages flagged before reasons were kept: the general label). */
function flagLabel(m: OperatorMessage, t: (key: string) => string): string {
  return m.honesty ? t(`reason.${m.honesty.reason}`) : t('conversation.asksIfReal');
}
const CLAIM_RENEW_MS = 2 * 60 * 1000;
const errorOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function OperatorConversationView({ id, tick, onChanged }: { id: number; tick: number; onChanged: () => void }) {
  const { t, i18n } = useTranslation(OPERATOR_NS);
  const [data, setData] = useState<OperatorConversation | null>(null);
  const [older, setOlder] = useState<OperatorMessage[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>(null);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const replyClientId = useRef(newClientId());
  const extending = useRef(false);

  const load = useCallback(async () => {
    try {
      setData(await operatorApi.conversation(id));
      setLoadError(null);
    } catch (e) {
      setLoadError(errorOf(e));
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load, tick]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setResult(null);
    try {
      await run();
      setResult({ kind: 'ok', text: done });
      onChanged();
    } catch (e) {
      setResult({ kind: 'error', text: errorOf(e) });
    } finally {
      setBusy(false);
      await load();
    }
  };

  if (loadError && !data) {
    return (
      <div>
        <Alert variant="danger">{loadError}</Alert>
        <Button variant="outline" onClick={() => void load()}>
          {t('conversation.reload')}
        </Button>
      </div>
    );
  }
  if (!data) return <Spinner label={t('title')} />;

  const member = data.member.name;
  const chatpal = data.chatpal.name;
  const messages = [...older.filter((m) => !data.messages.some((n) => n.id === m.id)), ...data.messages];
  // why the guard asks for the disclosure: the newest flagged question's reason
  const asked = [...messages].reverse().find((m) => m.asks_if_real);
  const tooLong = [...draft].length > data.message_length;
  // an operator still typing keeps their claim: with less than 2 minutes left, typing renews it
  const onDraft = (value: string) => {
    setDraft(value);
    const claim = data.claim;
    if (!claim?.mine || extending.current || new Date(claim.expires_at).getTime() - Date.now() > CLAIM_RENEW_MS) return;
    extending.current = true;
    operatorApi
      .claim(id)
      .then(({ claim: renewed }) => setData((current) => (current ? { ...current, claim: renewed } : current)))
      .catch((e: unknown) => setResult({ kind: 'error', text: errorOf(e) }))
      .finally(() => {
        extending.current = false;
      });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() && !tooLong && !data.disclosure_due) setConfirming(true);
  };

  return (
    <article
      aria-labelledby="operator-conversation-title"
      css={css`
        display: grid;
        gap: 12px;
      `}
    >
      <header
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          gap: 8px;
        `}
      >
        <Link
          to="/backoffice/operator"
          css={[
            buttonStyles('ghost', 'sm'),
            css`
              ${mq.md} {
                display: none;
              }
            `,
          ]}
        >
          {t('conversation.back')}
        </Link>
        <h2
          id="operator-conversation-title"
          css={css`
            margin: 0;
            font-size: 1.25rem;
          `}
        >
          {t('conversation.title', { member, chatpal })}
        </h2>
      </header>

      <section
        aria-label={t('conversation.profiles')}
        css={css`
          display: grid;
          gap: 12px;
          grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        `}
      >
        <ProfileCard
          heading={t('conversation.member')}
          profile={data.member}
          extra={[
            t('conversation.language', { language: data.member_language }),
            t('conversation.messages24h', { count: data.member_messages_24h }),
          ]}
        />
        <ProfileCard heading={t('conversation.chatpal')} profile={data.chatpal} extra={[]} fictional />
      </section>

      <ClaimBar
        claim={data.claim}
        busy={busy}
        onClaim={() => void act(() => operatorApi.claim(id), t('claim.claimed'))}
        onRelease={() => void act(() => operatorApi.release(id), t('claim.released'))}
      />

      {result && (
        <Alert
          variant={result.kind === 'ok' ? 'success' : 'danger'}
          role={result.kind === 'ok' ? 'status' : 'alert'}
          onDismiss={() => setResult(null)}
        >
          {result.text}
        </Alert>
      )}

      {data.disclosure_due && (
        <Alert variant="warning" title={t('honesty.title')}>
          {asked && (
            <p
              css={css`
                margin: 0 0 8px;
              `}
            >
              {t('honesty.why', { reason: flagLabel(asked, t) })}
            </p>
          )}
          <p
            css={css`
              margin: 0 0 8px;
            `}
          >
            {t('honesty.text', { text: data.disclosure_text })}
          </p>
          <Button variant="primary" disabled={busy} onClick={() => void act(() => operatorApi.disclose(id), t('honesty.sent'))}>
            {t('honesty.send')}
          </Button>
        </Alert>
      )}

      {data.has_more && older.length === 0 && (
        <Button
          variant="ghost"
          size="sm"
          onClick={async () => {
            try {
              const page = await operatorApi.conversation(id, data.messages[0]?.id);
              setOlder(page.messages);
            } catch (e) {
              setResult({ kind: 'error', text: errorOf(e) });
            }
          }}
        >
          {t('conversation.loadOlder')}
        </Button>
      )}
      {messages.length === 0 ? (
        <p>{t('conversation.empty')}</p>
      ) : (
        <ol
          aria-label={t('conversation.history', { member, chatpal })}
          css={css`
            list-style: none;
            margin: 0;
            padding: 12px;
            display: grid;
            gap: 8px;
            max-height: 55vh;
            overflow-y: auto;
            background: ${colors.background};
            border-radius: ${radii.md};
          `}
        >
          {messages.map((m) => (
            <li
              key={m.id}
              css={css`
                justify-self: ${m.from === 'chatpal' ? 'end' : 'start'};
                max-width: 85%;
                padding: 8px 12px;
                border-radius: ${radii.md};
                background: ${m.from === 'chatpal' ? colors.primarySoft : colors.surface};
                border: 2px solid ${m.asks_if_real ? colors.danger : 'transparent'};
              `}
            >
              <span
                css={css`
                  display: block;
                  font-size: 0.75rem;
                  color: ${colors.textMuted};
                `}
              >
                {m.from === 'member' ? t('conversation.fromMember', { name: member }) : t('conversation.fromChatpal', { name: chatpal })} ·{' '}
                {formatMessageTime(m.created_at, i18n.language)}
              </span>
              <span
                css={css`
                  white-space: pre-wrap;
                  overflow-wrap: anywhere;
                `}
              >
                {m.deleted ? (
                  <em>{t('conversation.deleted')}</em>
                ) : m.type === 'image' ? (
                  t('conversation.photo')
                ) : m.type === 'gift' ? (
                  t('conversation.gift', { gift: m.gift ?? '' })
                ) : (
                  m.body
                )}
              </span>
              {(m.asks_if_real || m.disclosure) && (
                <span
                  css={css`
                    display: block;
                    margin-top: 4px;
                  `}
                >
                  <Badge tone={m.asks_if_real ? 'danger' : 'success'}>
                    {m.asks_if_real ? flagLabel(m, t) : t('conversation.disclosure')}
                  </Badge>
                  {m.honesty?.disguised && (
                    <Badge
                      tone="warning"
                      css={css`
                        margin-left: 4px;
                      `}
                    >
                      {t('reason.disguised')}
                    </Badge>
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}

      <form
        onSubmit={submit}
        css={css`
          display: grid;
          gap: 8px;
        `}
      >
        <TextArea
          label={t('reply.label', { chatpal })}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          rows={3}
          disabled={data.disclosure_due}
          hint={data.disclosure_due ? t('reply.blocked') : t('reply.count', { count: [...draft].length, max: data.message_length })}
          error={tooLong ? t('reply.count', { count: [...draft].length, max: data.message_length }) : undefined}
        />
        <Button type="submit" variant="primary" disabled={busy || data.disclosure_due || !draft.trim() || tooLong}>
          {t('reply.send')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('reply.confirmTitle')}
        text={t('reply.confirmText', { member, chatpal })}
        confirmLabel={t('reply.confirm')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          const body = draft;
          void act(async () => {
            await operatorApi.reply(id, body, replyClientId.current);
            setDraft('');
            replyClientId.current = newClientId();
          }, t('reply.sent'));
        }}
      />
    </article>
  );
}

function ClaimBar({
  claim,
  busy,
  onClaim,
  onRelease,
}: {
  claim: OperatorClaim | null;
  busy: boolean;
  onClaim: () => void;
  onRelease: () => void;
}) {
  const { t, i18n } = useTranslation(OPERATOR_NS);
  const time = claim
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(claim.expires_at))
    : '';
  return (
    <div
      css={css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 12px;
      `}
    >
      <p
        css={css`
          margin: 0;
          flex: 1;
          min-width: 200px;
        `}
      >
        {!claim ? t('claim.free') : claim.mine ? t('claim.mine', { time }) : t('claim.other', { email: claim.operator_email, time })}
      </p>
      {claim?.mine ? (
        <Button variant="ghost" size="sm" disabled={busy} onClick={onRelease}>
          {t('claim.release')}
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled={busy || (claim != null && !claim.mine)} onClick={onClaim}>
          {t('claim.claim')}
        </Button>
      )}
    </div>
  );
}

function ProfileCard({
  heading,
  profile,
  extra,
  fictional = false,
}: {
  heading: string;
  profile: Profile;
  extra: string[];
  fictional?: boolean;
}) {
  const { t, i18n } = useTranslation(OPERATOR_NS);
  const place = [profile.city, profile.region, profile.country && countryName(profile.country, i18n.language)].filter(Boolean).join(', ');
  return (
    <section
      aria-label={`${heading}: ${profile.name}`}
      css={css`
        display: flex;
        gap: 12px;
        padding: 12px;
        border: 1px solid ${colors.border};
        border-radius: ${radii.md};
        background: ${colors.surface};
        min-width: 0;
      `}
    >
      <Avatar profile={profile} size={56} />
      <div
        css={css`
          min-width: 0;
        `}
      >
        <h3
          css={css`
            margin: 0;
            font-size: 0.8125rem;
            text-transform: uppercase;
            color: ${colors.textMuted};
          `}
        >
          {heading}
        </h3>
        <p
          css={css`
            margin: 0;
            font-weight: 700;
            display: flex;
            align-items: center;
            gap: 6px;
          `}
        >
          {profile.name}
          {fictional && <FictionalBadge size={16} />}
        </p>
        <p
          css={css`
            margin: 0;
            font-size: 0.875rem;
          `}
        >
          {[profile.age != null ? t('conversation.age', { age: profile.age }) : null, place].filter(Boolean).join(' · ')}
        </p>
        {extra.map((line) => (
          <p
            key={line}
            css={css`
              margin: 0;
              font-size: 0.8125rem;
              color: ${colors.textMuted};
            `}
          >
            {line}
          </p>
        ))}
        {profile.about && (
          <p
            css={css`
              margin: 4px 0 0;
              font-size: 0.875rem;
              overflow-wrap: anywhere;
            `}
          >
            {profile.about}
          </p>
        )}
      </div>
    </section>
  );
}

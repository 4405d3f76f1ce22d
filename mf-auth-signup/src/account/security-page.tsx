/**
 * /account/security: the member's passkeys (issue 26 part 4). Add one made by this browser or
 * phone, see the list (name, created, last used), rename and remove them; the server checks the
 * owner of each. Linked from the account navigation.
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@dating/shared-kit/contracts';
import { PASSKEY_NAME_MAX } from '@dating/shared-kit/contracts';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button, Modal, TextField } from '@dating/shared-kit/ui';
import { messageOf } from '../form-errors';
import { FormAlert } from '../forms/form-alert';
import { useFormSubmit } from '../forms/use-form-submit';
import { NAMESPACE } from '../i18n';
import { addPasskey, isCancelled, passkeyApi, passkeysSupported, suggestedName } from '../passkeys/passkey-api';
import { AccountFrame } from './account-pages';

const list = css`
  list-style: none;
  padding: 0;
  margin: 0 0 20px;
  display: grid;
  gap: 12px;
`;
const item = css`
  border: 1px solid #e6d9e0;
  border-radius: 8px;
  padding: 12px;
  overflow-wrap: anywhere;
`;

export function SecurityPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const user = useSession();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const add = useFormSubmit({ name: suggestedName() });
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const rename = useFormSubmit({ name: '' });
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useFormSubmit({});

  const load = useCallback(async () => {
    try {
      setPasskeys((await passkeyApi.list()).passkeys);
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err, t));
    }
  }, [t]);

  useEffect(() => {
    if (user) void load();
  }, [user, load]);

  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  function onAdd(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    void add.send(async () => {
      try {
        const created = await addPasskey(add.values.name);
        setStatus(t('passkeys.added', { name: created.name }));
        add.setValues({ name: suggestedName() });
        await load();
      } catch (err) {
        if (isCancelled(err)) {
          add.setError(t('passkeys.cancelled'));
          return;
        }
        throw err;
      }
    });
  }

  function onRename(event: FormEvent) {
    event.preventDefault();
    const target = renaming;
    if (!target) return;
    void rename.send(async () => {
      const { passkey } = await passkeyApi.rename(target.id, rename.values.name);
      setRenaming(null);
      setStatus(t('passkeys.renamed', { name: passkey.name }));
      await load();
    });
  }

  function onRemove() {
    const target = removing;
    if (!target) return;
    void remove.send(
      async () => {
        await passkeyApi.remove(target.id);
        setRemoving(null);
        setStatus(t('passkeys.removed', { name: target.name }));
        await load();
      },
      { onError: () => setRemoving(null) },
    );
  }

  return (
    <AccountFrame title={t('passkeys.title')}>
      <p>{t('passkeys.intro')}</p>
      {status && (
        <Alert variant="success" role="status">
          {status}
        </Alert>
      )}
      <FormAlert error={loadError ?? remove.error} />
      <section aria-labelledby="passkeys-list-title">
        <h2
          id="passkeys-list-title"
          css={css`
            font-size: 1.2rem;
          `}
        >
          {t('passkeys.listTitle')}
        </h2>
        {passkeys && passkeys.length === 0 && <p>{t('passkeys.none')}</p>}
        {passkeys && passkeys.length > 0 && (
          <ul css={list} aria-labelledby="passkeys-list-title">
            {passkeys.map((p) => (
              <li key={p.id} css={item} aria-label={p.name}>
                <h3
                  css={css`
                    font-size: 1.05rem;
                    margin: 0 0 6px;
                  `}
                >
                  {p.name}
                </h3>
                <p
                  css={css`
                    margin: 0;
                  `}
                >
                  {t('passkeys.created', { date: date(p.created_at) })}
                </p>
                <p
                  css={css`
                    margin: 0 0 8px;
                  `}
                >
                  {p.last_used_at ? t('passkeys.lastUsed', { date: date(p.last_used_at) }) : t('passkeys.neverUsed')}
                </p>
                <div
                  css={css`
                    display: flex;
                    gap: 8px;
                    flex-wrap: wrap;
                  `}
                >
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('passkeys.renameOf', { name: p.name })}
                    onClick={() => {
                      rename.setValues({ name: p.name });
                      rename.setError(null);
                      setRenaming(p);
                    }}
                  >
                    {t('passkeys.rename')}
                  </Button>
                  <Button variant="danger" size="sm" aria-label={t('passkeys.removeOf', { name: p.name })} onClick={() => setRemoving(p)}>
                    {t('passkeys.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="passkeys-add-title">
        <h2
          id="passkeys-add-title"
          css={css`
            font-size: 1.2rem;
          `}
        >
          {t('passkeys.addTitle')}
        </h2>
        {passkeysSupported() ? (
          <>
            <FormAlert error={add.error} />
            <form onSubmit={onAdd} noValidate aria-label={t('passkeys.addTitle')}>
              <TextField label={t('passkeys.name')} {...add.field('name')} maxLength={PASSKEY_NAME_MAX} required />
              <Button type="submit" loading={add.busy}>
                {t('passkeys.add')}
              </Button>
            </form>
          </>
        ) : (
          <p>{t('passkeys.unsupported')}</p>
        )}
      </section>
      <Modal
        open={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('passkeys.renameTitle')}
        dismissible={!rename.busy}
        size="sm"
      >
        <FormAlert error={rename.error} />
        <form onSubmit={onRename} noValidate aria-label={t('passkeys.renameTitle')}>
          <TextField label={t('passkeys.name')} {...rename.field('name')} maxLength={PASSKEY_NAME_MAX} required />
          <div
            css={css`
              display: flex;
              gap: 8px;
              flex-wrap: wrap;
            `}
          >
            <Button type="submit" loading={rename.busy}>
              {t('passkeys.save')}
            </Button>
            <Button variant="outline" onClick={() => setRenaming(null)} disabled={rename.busy}>
              {t('account.cancel')}
            </Button>
          </div>
        </form>
      </Modal>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('passkeys.removeTitle')}
        dismissible={!remove.busy}
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setRemoving(null)} disabled={remove.busy}>
              {t('account.cancel')}
            </Button>
            <Button variant="danger" onClick={onRemove} loading={remove.busy}>
              {t('passkeys.removeConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('passkeys.removeText', { name: removing?.name ?? '' })}</p>
      </Modal>
    </AccountFrame>
  );
}

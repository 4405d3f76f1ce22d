/**
 * Account menu (spec section 2): a menu button (aria-haspopup, aria-expanded) opening
 * "my profile", "settings" (/notifications), "account" (/account: e-mail, password, deletion) and
 * "logout". Arrow keys move between the items, Escape closes and
 * returns focus to the button, a click outside closes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { api } from '@dating/shared-kit/api';
import { bus } from '@dating/shared-kit/bus';
import { setSession, useSession } from '@dating/shared-kit/state';
import { mq } from '@dating/shared-kit/theme';

export async function logout(): Promise<void> {
  try {
    await api.get('/api/logout.php', z.unknown());
  } catch (error) {
    console.warn('[shell] logout call failed; clearing the session locally', error);
  }
  setSession(null);
  bus.emit('auth:logged-out', {});
}

export function AccountMenu({ name }: { name: string }) {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const navigate = useNavigate();
  const isStaff = useSession()?.is_staff === true;

  const items = [
    { key: 'profile', label: t('nav.myProfile'), run: async () => navigate('/profile') },
    { key: 'settings', label: t('nav.settings'), run: async () => navigate('/notifications') },
    // e-mail, password, delete account (mf_auth_signup); not in the product's list, but otherwise unreachable
    { key: 'account', label: t('nav.account'), run: async () => navigate('/account') },
    // the back office (issue 15), for staff only
    ...(isStaff ? [{ key: 'backoffice', label: ts('staff.title'), run: async () => navigate('/backoffice') }] : []),
    {
      key: 'logout',
      label: t('nav.logout'),
      run: async () => {
        await logout();
        await navigate('/');
      },
    },
  ];

  useEffect(() => {
    if (!open) return undefined;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      entries[(index + 1) % entries.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(index - 1 + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      entries[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      entries[entries.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div css={{ position: 'relative' }}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ts('accountMenu', { name })}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        css={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '0.4rem',
          font: 'inherit',
          padding: '0.4rem 0.75rem',
          borderRadius: 999,
          border: `1px solid ${theme.colors.border}`,
          background: 'white',
          color: theme.colors.dark,
          cursor: 'pointer',
        })}
      >
        <span aria-hidden="true" css={{ fontSize: '1.1rem' }}>
          ☺
        </span>
        <span
          css={{
            display: 'none',
            maxWidth: '9rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            [mq.sm]: { display: 'inline' },
          }}
        >
          {name}
        </span>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={ts('accountMenu', { name })}
        hidden={!open}
        onKeyDown={onMenuKey}
        css={(theme) => ({
          position: 'absolute',
          insetInlineEnd: 0,
          top: 'calc(100% + 0.4rem)',
          minWidth: '12rem',
          margin: 0,
          padding: '0.4rem',
          listStyle: 'none',
          background: 'white',
          borderRadius: 12,
          boxShadow: '0 12px 32px rgba(40, 10, 40, 0.18)',
          zIndex: 1000,
          border: `1px solid ${theme.colors.border}`,
        })}
      >
        {items.map((item) => (
          <li key={item.key} role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                void item.run();
              }}
              css={(theme) => ({
                display: 'block',
                width: '100%',
                textAlign: 'start',
                font: 'inherit',
                padding: '0.6rem 0.75rem',
                border: 0,
                borderRadius: 8,
                background: 'transparent',
                color: theme.colors.dark,
                cursor: 'pointer',
                '&:hover, &:focus-visible': { background: theme.colors.primarySoft, outline: 'none' },
              })}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

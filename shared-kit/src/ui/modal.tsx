/**
 * Modal dialog: role=dialog, aria-modal, named by its title (aria-labelledby), focus moved inside
 * on open, Tab/Shift+Tab kept inside (focus trap), focus given back to the element that opened it.
 * Escape and a click on the backdrop close it only when `dismissible` (the signup modal is not,
 * while signup is in progress); then there is no close button either.
 */
import { css, keyframes } from '@emotion/react';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { colors, mq, radii, shadows, zIndex } from '../theme/theme';
import { useCommonT } from './use-common-translation';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true' && el.tabIndex >= 0,
  );
}

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(16px) scale(0.98); } to { opacity: 1; transform: none; }`;

const widths = { sm: 420, md: 560, lg: 760 } as const;

export interface ModalProps {
  open: boolean;
  /** called on Escape / backdrop / close button (only when dismissible) */
  onClose?: () => void;
  /** the dialog's name, shown as its heading */
  title: ReactNode;
  /** hide the heading visually (it still names the dialog) */
  hideTitle?: boolean;
  /** default true; false: no Escape, no backdrop close, no close button */
  dismissible?: boolean;
  children?: ReactNode;
  /** buttons row at the bottom */
  footer?: ReactNode;
  size?: keyof typeof widths;
  /** element to focus on open (default: the first focusable element, else the dialog) */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** id of an element that describes the dialog */
  describedBy?: string;
  /** full screen below the md breakpoint */
  fullScreenOnPhone?: boolean;
  /**
   * Rendered where it stands instead of in a portal on document.body, without the opening
   * animation: for a page the server renders with the dialog already open (a portal has no place in
   * server HTML, and the dialog is then the first thing painted).
   */
  inline?: boolean;
}

export function Modal({
  open,
  onClose,
  title,
  hideTitle = false,
  dismissible = true,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  describedBy,
  fullScreenOnPhone = false,
  inline = false,
}: ModalProps) {
  const t = useCommonT();
  const titleId = `${useId().replace(/:/g, '')}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const target = initialFocusRef?.current ?? focusables(dialog).find((el) => !el.dataset.modalClose) ?? dialog;
      target.focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // initialFocusRef is read once, on open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const requestClose = () => {
    if (dismissibleRef.current) onCloseRef.current?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const dialog = (
    <div
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
      css={[
        css`
          position: fixed;
          inset: 0;
          z-index: ${zIndex.modal};
          display: flex;
          align-items: center;
          justify-content: center;
          padding: 16px;
          background: ${colors.overlay};
          backdrop-filter: blur(2px);
          overflow-y: auto;
        `,
        !inline &&
          css`
            animation: ${fadeIn} 150ms ease-out;
            @media (prefers-reduced-motion: reduce) {
              animation: none;
            }
          `,
      ]}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        css={[
          css`
            position: relative;
            width: 100%;
            max-width: ${widths[size]}px;
            max-height: calc(100vh - 32px);
            display: flex;
            flex-direction: column;
            background: ${colors.surface};
            border-radius: ${radii.lg};
            box-shadow: ${shadows.lg};
            &:focus {
              outline: none;
            }
          `,
          !inline &&
            css`
              animation: ${rise} 200ms ease-out;
              @media (prefers-reduced-motion: reduce) {
                animation: none;
              }
            `,
          fullScreenOnPhone &&
            css`
              @media (max-width: 767.98px) {
                max-width: none;
                max-height: none;
                height: 100%;
                border-radius: 0;
              }
              ${mq.md} {
                height: auto;
              }
            `,
        ]}
      >
        <header
          css={css`
            display: flex;
            align-items: flex-start;
            gap: 12px;
            padding: 20px 24px 8px;
          `}
        >
          <h2
            id={titleId}
            css={[
              css`
                flex: 1;
                margin: 0;
                font-size: 1.375rem;
              `,
              hideTitle &&
                css`
                  position: absolute;
                  width: 1px;
                  height: 1px;
                  overflow: hidden;
                  clip: rect(0 0 0 0);
                `,
            ]}
          >
            {title}
          </h2>
          {dismissible && (
            <button
              type="button"
              data-modal-close="true"
              aria-label={t('actions.close')}
              onClick={requestClose}
              css={css`
                margin-left: auto;
                width: 36px;
                height: 36px;
                flex: none;
                border: 0;
                border-radius: 50%;
                background: transparent;
                color: ${colors.textMuted};
                font-size: 24px;
                line-height: 1;
                cursor: pointer;
                &:hover {
                  background: ${colors.primarySoft};
                  color: ${colors.primary};
                }
                &:focus-visible {
                  outline: none;
                  box-shadow: ${shadows.focus};
                }
              `}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div
          css={css`
            padding: 8px 24px 24px;
            overflow-y: auto;
          `}
        >
          {children}
        </div>
        {footer && (
          <footer
            css={css`
              display: flex;
              flex-wrap: wrap;
              justify-content: flex-end;
              gap: 12px;
              padding: 16px 24px;
              border-top: 1px solid ${colors.border};
            `}
          >
            {footer}
          </footer>
        )}
      </div>
    </div>
  );
  return inline ? dialog : createPortal(dialog, document.body);
}

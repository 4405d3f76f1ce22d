/**
 * The site-entry warning: a modal a logged-out visitor accepts once ("I am 18+") or leaves
 * by. The dialog and its rules of memory and leaving, shared by mf-auth-signup's ./EntryWarning
 * widget (mounted by the shell's layouts) and mf-landers' light lander page; where and for whom
 * it shows is theirs to decide. Texts: `common:entryWarning.*`.
 */
import { css } from '@emotion/react';
import { ENTRY_WARNING_KEY } from '../contracts/constants';
import { Button } from './button';
import { Modal } from './modal';
import { useCommonT } from './use-common-translation';

/** Where "Leave" goes when the visitor did not come from another site: a search engine's start page. */
export const NEUTRAL_PAGE = 'https://www.google.com/';

/**
 * Where a visitor who leaves goes: back to the site they came from (document.referrer, when it is
 * another site and a web page), else a neutral page. Never about:blank, never our own pages.
 */
export function leaveUrl(referrer: string, ownOrigin: string): string {
  try {
    const from = new URL(referrer);
    if ((from.protocol === 'https:' || from.protocol === 'http:') && from.origin !== ownOrigin) return from.href;
  } catch {
    // no (valid) referrer
  }
  return NEUTRAL_PAGE;
}

/** Whether this browser has accepted the warning (localStorage ENTRY_WARNING_KEY: the time, as JSON). */
export function entryWarningSeen(): boolean {
  try {
    return Boolean(globalThis.localStorage?.getItem(ENTRY_WARNING_KEY));
  } catch {
    return false;
  }
}

export function acceptEntryWarning(): void {
  try {
    globalThis.localStorage?.setItem(ENTRY_WARNING_KEY, JSON.stringify(Date.now()));
  } catch {
    /* storage full or disabled: asked again next time */
  }
}

/**
 * The dialog itself; `onAccept` after the visitor accepted (it is remembered already). `inline`: in
 * place, for a page the server renders with the warning open (Modal's `inline`).
 */
export function EntryWarningDialog({ onAccept, inline = false }: { onAccept: () => void; inline?: boolean }) {
  const t = useCommonT();
  return (
    <Modal
      open
      inline={inline}
      title={t('entryWarning.title')}
      dismissible={false}
      size="sm"
      footer={
        // two equal buttons side by side across the dialog (stacked full width on a narrow phone)
        <div
          css={css`
            display: grid;
            grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
            gap: 12px;
            width: 100%;
          `}
        >
          <Button
            variant="outline"
            fullWidth
            onClick={() => {
              // replace: "Back" must not bring the visitor straight back here
              window.location.replace(leaveUrl(document.referrer, window.location.origin));
            }}
          >
            {t('entryWarning.leave')}
          </Button>
          <Button
            fullWidth
            onClick={() => {
              acceptEntryWarning();
              onAccept();
            }}
          >
            {t('entryWarning.enter')}
          </Button>
        </div>
      }
    >
      <p>{t('entryWarning.text')}</p>
    </Modal>
  );
}

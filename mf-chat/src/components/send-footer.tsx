import { css } from '@emotion/react';
import { useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { Gift, MessageCosts } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Button, buttonStyles, controlStyle, visuallyHiddenStyle } from '@dating/shared-kit/ui';
import type { OutgoingMessage } from '../api';
import { formatMinimum } from '../cost';
import { NAMESPACE } from '../i18n';
import { GiftPicker } from './gift-picker';

// the photo and gift buttons side by side on a phone too
const small = css`
  @media (max-width: 575.98px) {
    padding: 0 10px;
    font-size: 0.75rem;
  }
`;

export interface SendFooterProps {
  /** the other member's name (the field's label) */
  name: string;
  /** credits per type, the minimum price and message_length (from the server's history answer) */
  costs: MessageCosts;
  /** resolves false when the message was refused (nothing sent): the text comes back */
  onSend: (message: OutgoingMessage) => Promise<boolean>;
  onTyping: () => void;
  /** open the gift picker at once (the member page's gift button) */
  initialGiftOpen?: boolean;
}

/**
 * The send footer: a labelled message field with a character count up to the site's
 * message_length, what the next message costs before it is sent (with the country's minimum
 * price where it applies), photo upload and the gift picker. Enter sends, Shift+Enter is a new line.
 */
export function SendFooter({ name, costs, onSend, onTyping, initialGiftOpen = false }: SendFooterProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [giftOpen, setGiftOpen] = useState(initialGiftOpen);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = useId().replace(/:/g, '');
  const max = costs.message_length;
  const price = formatMinimum(costs.minimum, i18n.language);
  const tooLong = text.length > max;
  const empty = text.trim().length === 0;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || tooLong || busy) return;
    setBusy(true);
    const body = text.trim();
    setText('');
    try {
      const accepted = await onSend({ type: 'text', body });
      if (!accepted) setText((current) => current || body);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const pickGift = (gift: Gift) => {
    setGiftOpen(false);
    void onSend({ type: 'gift', gift: gift.id });
  };
  const pickPhoto = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (file) void onSend({ type: 'image', file });
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      css={css`
        padding: 10px 12px 12px;
        border-top: 1px solid ${colors.border};
        background: ${colors.surface};
      `}
    >
      <label
        htmlFor={`${ids}-text`}
        css={css`
          display: block;
          font-size: 0.8125rem;
          font-weight: 600;
          color: ${colors.dark};
          margin-bottom: 4px;
        `}
      >
        {t('footer.label', { name })}
      </label>
      <div
        css={css`
          display: flex;
          gap: 8px;
          align-items: flex-end;
        `}
      >
        <textarea
          id={`${ids}-text`}
          value={text}
          rows={2}
          placeholder={t('footer.placeholder')}
          aria-describedby={`${ids}-count ${ids}-cost`}
          aria-invalid={tooLong || undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value) onTyping();
          }}
          onKeyDown={onKeyDown}
          css={[
            controlStyle,
            css`
              flex: 1;
              min-height: 48px;
              max-height: 160px;
              resize: vertical;
              border-radius: ${radii.md};
            `,
          ]}
        />
        <Button type="submit" disabled={empty || tooLong} loading={busy}>
          {t('footer.send')}
        </Button>
      </div>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 4px 16px;
          justify-content: space-between;
          margin-top: 4px;
          font-size: 0.8125rem;
          color: ${colors.textMuted};
        `}
      >
        <span id={`${ids}-cost`}>
          {price ? t('footer.costMinimum', { credits: costs.text, price }) : t('footer.cost', { credits: costs.text })}
        </span>
        <span
          id={`${ids}-count`}
          css={
            tooLong
              ? css`
                  color: ${colors.danger};
                  font-weight: 600;
                `
              : undefined
          }
        >
          {tooLong ? t('footer.tooLong', { max }) : t('footer.count', { count: text.length, max })}
        </span>
      </div>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 8px;
          margin-top: 8px;
        `}
      >
        <input
          ref={fileRef}
          id={`${ids}-photo`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          css={visuallyHiddenStyle}
          onChange={(e) => pickPhoto(e.target.files?.[0])}
        />
        <label
          htmlFor={`${ids}-photo`}
          css={[
            buttonStyles('outline', 'sm'),
            small,
            css`
              input:focus-visible + & {
                box-shadow: 0 0 0 3px ${colors.focus};
              }
            `,
          ]}
        >
          {t('footer.photo', { credits: costs.image })}
        </label>
        <Button variant="outline" size="sm" onClick={() => setGiftOpen(true)} css={small}>
          {t('footer.gift', { credits: costs.gift })}
        </Button>
      </div>
      <GiftPicker open={giftOpen} name={name} credits={costs.gift} onClose={() => setGiftOpen(false)} onPick={pickGift} />
    </form>
  );
}

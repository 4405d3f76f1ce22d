import { css } from '@emotion/react';
import type { Gift } from '@dating/shared-kit/contracts';
import { useTranslation } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Modal, Spinner } from '@dating/shared-kit/ui';
import { useGifts } from '../hooks/use-gifts';
import { NAMESPACE } from '../i18n';

export interface GiftPickerProps {
  open: boolean;
  name: string;
  credits: number;
  onClose: () => void;
  onPick: (gift: Gift) => void;
}

/** The gift catalogue (from the server) in a dialog; each gift costs the site's gift_credits. */
export function GiftPicker({ open, name, credits, onClose, onPick }: GiftPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: tc } = useTranslation('common');
  const { gifts, error } = useGifts(open);
  return (
    <Modal open={open} onClose={onClose} title={t('gifts.title', { name })} size="md">
      <p>{t('gifts.cost', { credits })}</p>
      {error && <Alert variant="danger">{error}</Alert>}
      {!gifts && !error && <Spinner label={tc('status.loading')} />}
      {gifts?.length === 0 && <p>{t('gifts.empty')}</p>}
      {gifts && gifts.length > 0 && (
        <ul
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: 12px;
            grid-template-columns: repeat(auto-fill, minmax(110px, 1fr));
          `}
        >
          {gifts.map((gift) => (
            <li key={gift.id}>
              <button
                type="button"
                onClick={() => onPick(gift)}
                aria-label={t('gifts.send', { name: gift.label })}
                css={css`
                  width: 100%;
                  display: grid;
                  gap: 6px;
                  justify-items: center;
                  padding: 12px 8px;
                  cursor: pointer;
                  font: inherit;
                  background: ${colors.surface};
                  border: 2px solid ${colors.border};
                  border-radius: ${radii.md};
                  &:hover,
                  &:focus-visible {
                    border-color: ${colors.primary};
                    outline: none;
                  }
                `}
              >
                <img
                  src={gift.image}
                  alt=""
                  width={64}
                  height={64}
                  css={css`
                    width: 64px;
                    height: 64px;
                    object-fit: contain;
                  `}
                />
                <span>{gift.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

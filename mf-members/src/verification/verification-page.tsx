/**
 * /profile/verification (issue 26 part 2): the member's verification. The status; while nothing
 * is pending, the pose the site chose (a drawing and its text) and the selfie input (the phone's
 * front camera through `capture="user"`; a file on a desktop); a rejection's reason, translated.
 */
import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@dating/shared-kit/i18n';
import { colors, radii } from '@dating/shared-kit/theme';
import { Alert, Button, Container, ProgressBar, Spinner, VerifiedBadge, buttonStyles, visuallyHiddenStyle } from '@dating/shared-kit/ui';
import { errorText, useAsync } from '../components/use-async';
import { useVerificationT } from './i18n';
import { PoseDrawing } from './pose-drawing';
import { verificationApi } from './verification-api';

export function VerificationPage() {
  const { t, i18n } = useVerificationT();
  const state = useAsync(() => verificationApi.state(), []);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const data = state.data;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!data?.pose) return;
    if (!file) {
      setError(t('capture'));
      input.current?.focus();
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await verificationApi.send(file, data.pose, setProgress);
      setSent(true);
      setFile(null);
      state.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Container>
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <p
        css={css`
          color: ${colors.textMuted};
          font-size: 0.875rem;
        `}
      >
        {t('privacy')}
      </p>
      {state.error && <Alert variant="danger">{state.error}</Alert>}
      {!data && state.loading && <Spinner label={t('loading')} />}
      {sent && <Alert variant="success">{t('sent')}</Alert>}
      {data && !data.may_request && <Alert variant="info">{t('notAllowed')}</Alert>}
      {data?.may_request && (
        <div
          aria-live="polite"
          css={css`
            display: grid;
            gap: 8px;
          `}
        >
          {data.status === 'verified' && <VerifiedBadge size={20} />}
          {data.status === 'none' && <p>{t('status.none')}</p>}
          {data.status === 'pending' && !sent && <Alert variant="info">{t('status.pending')}</Alert>}
          {data.status === 'verified' && (
            <Alert variant="success">{t('status.verified', { date: formatDate(data.verified_at ?? '', i18n.language) })}</Alert>
          )}
          {data.status === 'rejected' && (
            <Alert variant="warning">{t('status.rejected', { reason: t(`reasons.${data.reason ?? 'other'}`) })}</Alert>
          )}
        </div>
      )}
      {data?.may_request && data.pose && (
        <form
          onSubmit={(e) => void submit(e)}
          aria-labelledby="verification-pose"
          css={css`
            display: grid;
            gap: 16px;
            margin-top: 16px;
          `}
        >
          <h2
            id="verification-pose"
            css={css`
              font-size: 1.125rem;
              margin: 0;
            `}
          >
            {t('poseHeading')}
          </h2>
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              gap: 16px;
              padding: 12px;
              border: 1px solid ${colors.border};
              border-radius: ${radii.lg};
              background: ${colors.surface};
            `}
          >
            <PoseDrawing pose={data.pose} label={t('poseLabel', { pose: t(`poses.${data.pose}`) })} />
            <p
              css={css`
                margin: 0;
                font-size: 1.125rem;
                font-weight: 700;
                flex: 1 1 160px;
                overflow-wrap: anywhere;
              `}
            >
              {t(`poses.${data.pose}`)}
            </p>
          </div>
          {/* the input is hidden (the browser's "Choose file" is in the browser's language); its label is the button */}
          <div
            css={css`
              display: grid;
              gap: 6px;
              & input:focus-visible + label {
                outline: 3px solid ${colors.primary};
                outline-offset: 2px;
              }
            `}
          >
            <input
              id="verification-selfie"
              ref={input}
              type="file"
              accept="image/*"
              capture="user"
              aria-describedby="verification-hint"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              disabled={progress !== null}
              css={visuallyHiddenStyle}
            />
            <label
              htmlFor="verification-selfie"
              css={[
                ...buttonStyles('outline'),
                css`
                  justify-self: start;
                  white-space: normal;
                  text-align: left;
                `,
              ]}
            >
              {t('capture')}
            </label>
            <span
              id="verification-hint"
              css={css`
                font-size: 0.875rem;
                color: ${colors.textMuted};
              `}
            >
              {t('captureHint')}
            </span>
            {file && (
              <span
                css={css`
                  font-size: 0.875rem;
                  overflow-wrap: anywhere;
                `}
              >
                {file.name}
              </span>
            )}
          </div>
          {error && <Alert variant="danger">{error}</Alert>}
          {progress !== null && <ProgressBar value={progress} label={t('sending')} showValue />}
          <Button
            type="submit"
            disabled={progress !== null}
            css={css`
              justify-self: start;
            `}
          >
            {t('submit')}
          </Button>
        </form>
      )}
      <p
        css={css`
          margin-top: 24px;
        `}
      >
        <Link to="/profile">←&nbsp;{t('back')}</Link>
      </p>
    </Container>
  );
}

export default VerificationPage;

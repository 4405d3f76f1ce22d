/**
 * The sign-up flow, shared by the desktop modal and the phone page: steps 0-4, then the progress of
 * four steps (check data, create account, search matches, send activation mail), then the complete
 * step. Each step is checked with the same zod schema the server uses (shared contracts), so the
 * member sees the product's texts before anything is sent; the server's answer is shown the same way.
 *
 * The values, the check of a step and the request body are in signup-values.ts; the draft (kept in
 * sessionStorage, never the password) in signup-draft.ts.
 */
import { css } from '@emotion/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// not part of the shared react-i18next (federation/react-i18next.ts): this chunk's own, given the instance
import { Trans } from 'react-i18next/TransWithoutContext';
import { run as suggestEmail } from '@zootools/email-spell-checker';
import { api, loadTranslated } from '@dating/shared-kit/api';
import {
  COUNTRIES,
  NAME_MAX,
  SIGNUP_MESSAGE_MAX,
  ZGender,
  ZMemberSearchResponse,
  ZRegionsResponse,
  ZSexuality,
  ZSignupRequest,
} from '@dating/shared-kit/contracts';
import type { User } from '@dating/shared-kit/contracts';
import { toLanguage } from '@dating/shared-kit/i18n';
import { useSettings } from '@dating/shared-kit/state';
import { Alert, Button, DateField, ProgressBar, Select, TextArea, TextField } from '@dating/shared-kit/ui';
import { authApi, announceLogin } from '../auth-api';
import { fieldErrorsOf, messageOf, serverFieldError } from '../form-errors';
import type { FieldErrors } from '../form-errors';
import { NAMESPACE } from '../i18n';
import { captureInvite, captureTracking } from '../tracking';
import { clearDraft, loadDraft, saveDraft } from './signup-draft';
import { initialValues, maxBirthDate, signupBlockedReason, STEP_COUNT, stepErrors, stepOfField, toRequest } from './signup-values';
import type { SignupField, SignupValues } from './signup-values';

type Phase = 'form' | 'progress' | 'complete';
type ItemState = 'waiting' | 'busy' | 'done';
const PROGRESS_KEYS = ['checkData', 'createAccount', 'searchMatches', 'sendMail'] as const;

export interface SignupFlowProps {
  /** called with true while the account is being created (the modal may not close then) */
  onBusyChange?: (busy: boolean) => void;
  /** the current step (0-4), so the modal knows whether sign-up is under way */
  onStepChange?: (step: number) => void;
  /** "see your matches" on the complete step */
  onFinish: (user: User) => void;
  /** a member id when signing up from /members/{id}/signup (the first message goes to them) */
  messageTo?: number;
  /** extra content under the form (e.g. "already a member? log in") */
  footer?: ReactNode;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function SignupFlow({ onBusyChange, onStepChange, onFinish, messageTo, footer }: SignupFlowProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = toLanguage(i18n.language) ?? 'nl';
  const settings = useSettings();
  const draft = useMemo(loadDraft, []);
  const [step, setStep] = useState(draft?.step ?? 0);
  const [values, setValues] = useState<SignupValues>(() =>
    initialValues(draft?.values, settings?.geoip_selected_country ?? settings?.countries[0] ?? 'NL'),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('form');
  const [progress, setProgress] = useState<ItemState[]>(['waiting', 'waiting', 'waiting', 'waiting']);
  const [user, setUser] = useState<User | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [regions, setRegions] = useState<{ label: string; options: { value: string; label: string }[] } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    captureTracking();
    captureInvite();
  }, []);

  useEffect(() => {
    if (phase === 'form') saveDraft(step, values);
  }, [step, values, phase]);

  useEffect(() => {
    onBusyChange?.(phase === 'progress');
  }, [phase, onBusyChange]);

  useEffect(() => {
    onStepChange?.(step);
  }, [step, onStepChange]);

  // regions of the chosen country (a select when the server knows them, else free text)
  useEffect(() => {
    let live = true;
    if (!values.country) return undefined;
    // in the UI language (loaded once per language: the label and names follow a switch)
    loadTranslated('/api/regions.php', ZRegionsResponse, language, { country: values.country })
      .then((r) => {
        if (live) setRegions({ label: r.label, options: r.regions.map((x) => ({ value: x.code, label: x.name })) });
      })
      .catch(() => {
        if (live) setRegions(null);
      });
    return () => {
      live = false;
    };
  }, [values.country, language]);

  const set = (field: SignupField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value, ...(field === 'country' ? { region: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusHeading = () => setTimeout(() => headingRef.current?.focus(), 0);

  function checkStep(index: number): boolean {
    const found = stepErrors(index, values, messageTo, t);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  const next = () => {
    if (!checkStep(step)) return;
    setStep((s) => Math.min(s + 1, STEP_COUNT - 1));
    focusHeading();
  };
  const back = () => {
    setErrors({});
    setStep((s) => Math.max(0, s - 1));
    focusHeading();
  };

  async function submit() {
    setFormError(null);
    const body = toRequest(values, messageTo);
    const parsed = ZSignupRequest.safeParse(body);
    if (!parsed.success) {
      const errs = fieldErrorsOf(parsed.error, t);
      setErrors(errs);
      setStep(stepOfField(Object.keys(errs)[0]));
      return;
    }
    setPhase('progress');
    setProgress(['done', 'busy', 'waiting', 'waiting']);
    let created: User;
    try {
      created = (await authApi.signup(body)).user;
    } catch (error) {
      const fieldError = serverFieldError(error);
      setPhase('form');
      setProgress(['waiting', 'waiting', 'waiting', 'waiting']);
      if (Object.keys(fieldError).length) {
        setErrors(fieldError);
        setStep(stepOfField(Object.keys(fieldError)[0]));
      } else {
        setFormError(messageOf(error, t));
      }
      focusHeading();
      return;
    }
    announceLogin(created);
    setUser(created);
    setProgress(['done', 'done', 'busy', 'waiting']);
    // search matches for the new member (a first search; /signup-matches shows the results)
    await Promise.all([api.get('/api/members.php', ZMemberSearchResponse, { retries: 0 }).catch(() => undefined), sleep(400)]);
    setProgress(['done', 'done', 'done', 'busy']);
    await sleep(300);
    setProgress(['done', 'done', 'done', 'done']);
    clearDraft();
    setPhase('complete');
    focusHeading();
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < STEP_COUNT - 1) next();
    else if (checkStep(step)) void submit();
  };

  if (phase === 'progress' || phase === 'complete') {
    const done = progress.filter((p) => p === 'done').length;
    return (
      <div>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} css={headingStyle}>
          {phase === 'complete' && user ? t('signup.complete.title', { name: user.profile.name }) : t('signup.progress.title')}
        </h2>
        <ProgressBar value={done} max={4} label={t('signup.progress.title')} />
        <ol css={listStyle} aria-label={t('signup.progress.title')}>
          {PROGRESS_KEYS.map((key, i) => (
            <li key={key} data-state={progress[i]}>
              <span aria-hidden="true">{progress[i] === 'done' ? '✓' : progress[i] === 'busy' ? '…' : '○'}</span>{' '}
              {t(`signup.progress.${key}`)}{' '}
              <span
                css={css`
                  color: #7a6673;
                  font-size: 0.9em;
                `}
              >
                ({t(`signup.progress.${progress[i] ?? 'waiting'}`)})
              </span>
            </li>
          ))}
        </ol>
        {phase === 'complete' && user && (
          <div role="status">
            <p>{t('signup.complete.text', { email: user.email })}</p>
            <Button onClick={() => onFinish(user)} fullWidth>
              {t('signup.complete.continue')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const blocked = signupBlockedReason(settings?.signups);
  if (blocked) {
    return (
      <>
        <Alert variant="info" role="status">
          {t(`errors.${blocked}`)}
        </Alert>
        {footer}
      </>
    );
  }

  const stepTitle = t(`signup.step${step}.title`);
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <p
        css={css`
          margin: 0 0 4px;
          color: #7a6673;
        `}
      >
        {t('signup.stepOf', { step: step + 1, total: STEP_COUNT })}
      </p>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} css={headingStyle}>
        {stepTitle}
      </h2>
      <ProgressBar value={step} max={STEP_COUNT} label={t('signup.stepOf', { step: step + 1, total: STEP_COUNT })} />
      {formError && (
        <Alert variant="danger" role="alert">
          {formError}
        </Alert>
      )}
      <div
        css={css`
          margin-top: 16px;
        `}
      >
        {step === 0 && (
          <>
            <Select
              label={t('signup.step0.gender')}
              value={values.gender}
              onChange={set('gender')}
              placeholder
              required
              error={errors.gender}
              options={ZGender.options.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
            />
            <Select
              label={t('signup.step0.sexuality')}
              value={values.sexuality}
              onChange={set('sexuality')}
              placeholder
              optionalLabel
              error={errors.sexuality}
              options={ZSexuality.options.map((s) => ({ value: s, label: t(`sexuality.${s}`) }))}
            />
          </>
        )}
        {step === 1 && (
          <DateField
            label={t('signup.step1.dateOfBirth')}
            value={values.date_of_birth}
            onChange={set('date_of_birth')}
            max={maxBirthDate()}
            min="1900-01-01"
            required
            error={errors.date_of_birth}
          />
        )}
        {step === 2 && (
          <>
            <Select
              label={t('signup.step2.country')}
              value={values.country}
              onChange={set('country')}
              required
              error={errors.country}
              options={COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
            />
            {regions && regions.options.length > 0 ? (
              <Select
                label={regions.label || t('signup.step2.region')}
                value={values.region}
                onChange={set('region')}
                placeholder
                optionalLabel
                error={errors.region}
                options={regions.options}
              />
            ) : (
              <TextField
                label={t('signup.step2.region')}
                value={values.region}
                onChange={set('region')}
                optionalLabel
                maxLength={80}
                error={errors.region}
              />
            )}
            <TextField
              label={t('signup.step2.city')}
              value={values.city}
              onChange={set('city')}
              optionalLabel
              maxLength={80}
              autoComplete="address-level2"
              error={errors.city}
            />
          </>
        )}
        {step === 3 && (
          <>
            <TextField
              label={t('signup.step3.name')}
              value={values.name}
              onChange={set('name')}
              required
              maxLength={NAME_MAX + 10}
              autoComplete="nickname"
              error={errors.name}
            />
            <TextArea
              label={t('signup.step3.message')}
              hint={t('signup.step3.messageHint')}
              value={values.signup_message}
              onChange={set('signup_message')}
              optionalLabel
              maxLength={SIGNUP_MESSAGE_MAX}
              showCount
              error={errors.signup_message}
            />
          </>
        )}
        {step === 4 && (
          <>
            <TextField
              label={t('signup.step4.email')}
              type="email"
              value={values.email}
              onChange={(e) => {
                set('email')(e);
                setSuggestion(null);
              }}
              onBlur={() => {
                const s = values.email.includes('@') ? suggestEmail({ email: values.email.trim() }) : undefined;
                setSuggestion(s && s.full !== values.email.trim() ? s.full : null);
              }}
              required
              autoComplete="email"
              inputMode="email"
              error={errors.email}
            />
            {suggestion && (
              <div
                role="status"
                css={css`
                  margin: -8px 0 16px;
                  display: flex;
                  gap: 8px;
                  align-items: center;
                  flex-wrap: wrap;
                `}
              >
                <span>{t('signup.step4.didYouMean', { suggestion })}</span>
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => {
                    setValues((v) => ({ ...v, email: suggestion }));
                    setSuggestion(null);
                  }}
                >
                  {t('signup.step4.useSuggestion', { suggestion })}
                </Button>
              </div>
            )}
            <TextField
              label={t('signup.step4.password')}
              type="password"
              value={values.password}
              onChange={set('password')}
              required
              autoComplete="new-password"
              hint={t('signup.step4.passwordHint')}
              error={errors.password}
            />
            <p
              css={css`
                font-size: 0.875rem;
                color: #7a6673;
              `}
            >
              {/* a new tab: the form (and the modal) stay as they are while the member reads */}
              <Trans
                i18n={i18n}
                t={t}
                i18nKey="signup.step4.terms"
                components={{
                  terms: <a href="/pages/terms" target="_blank" rel="noopener" />,
                  privacy: <a href="/pages/privacy" target="_blank" rel="noopener" />,
                }}
              />
            </p>
          </>
        )}
      </div>
      <div
        css={css`
          display: flex;
          gap: 12px;
          justify-content: space-between;
          margin-top: 8px;
        `}
      >
        {step > 0 ? (
          <Button variant="outline" onClick={back}>
            {t('signup.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit">{step < STEP_COUNT - 1 ? t('signup.next') : t('signup.submit')}</Button>
      </div>
      <p
        css={css`
          font-size: 0.8rem;
          color: #7a6673;
          margin-top: 16px;
        `}
      >
        {t('signup.draftKept')}
      </p>
      {footer}
    </form>
  );
}

const headingStyle = css`
  font-size: 1.35rem;
  margin: 0 0 12px;
  outline: none;
`;
const listStyle = css`
  list-style: none;
  padding: 0;
  margin: 16px 0;
  display: grid;
  gap: 8px;
`;

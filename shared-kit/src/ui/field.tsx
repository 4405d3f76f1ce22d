/**
 * Form fields with a visible <label htmlFor>, optional hint, and error text tied to the control
 * with aria-describedby + aria-invalid. Ids come from useId unless given.
 */
import { css } from '@emotion/react';
import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { colors, fontSizes, radii, shadows, transitions } from '../theme/theme';
import { useCommonT } from './use-common-translation';

const labelStyle = css`
  display: block;
  font-weight: 600;
  font-size: ${fontSizes.sm};
  color: ${colors.dark};
  margin-bottom: 6px;
`;
const hintStyle = css`
  margin: 6px 0 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;
const errorStyle = css`
  margin: 6px 0 0;
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
  font-weight: 500;
`;
const wrapperStyle = css`
  margin-bottom: 16px;
`;

export const controlStyle = css`
  display: block;
  width: 100%;
  min-height: 46px;
  padding: 10px 14px;
  font: inherit;
  color: ${colors.text};
  background: ${colors.surface};
  border: 1.5px solid ${colors.border};
  border-radius: ${radii.md};
  transition:
    border-color ${transitions.fast},
    box-shadow ${transitions.fast};
  &::placeholder {
    color: #a8959f;
  }
  &:hover {
    border-color: #d6c3cf;
  }
  &:focus {
    outline: none;
    border-color: ${colors.primary};
    box-shadow: ${shadows.focus};
  }
  &[aria-invalid='true'] {
    border-color: ${colors.danger};
  }
  &:disabled {
    background: #f4eef2;
    cursor: not-allowed;
  }
`;

interface FieldChrome {
  label: ReactNode;
  /** error text; sets aria-invalid and is announced with the control */
  error?: ReactNode;
  hint?: ReactNode;
  /** shows "(optional)" after the label */
  optionalLabel?: boolean;
  /** hide the label visually (it stays the accessible name) - use sparingly */
  hideLabel?: boolean;
}

function useFieldIds(id: string | undefined, hasHint: boolean, hasError: boolean, describedBy?: string) {
  const auto = useId();
  const controlId = id ?? `f${auto.replace(/:/g, '')}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const ids = [describedBy, hasHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: ids || undefined };
}

function Label({ htmlFor, chrome }: { htmlFor: string; chrome: FieldChrome }) {
  const t = useCommonT();
  return (
    <label
      htmlFor={htmlFor}
      css={[
        labelStyle,
        chrome.hideLabel &&
          css`
            position: absolute;
            width: 1px;
            height: 1px;
            overflow: hidden;
            clip: rect(0 0 0 0);
          `,
      ]}
    >
      {chrome.label}
      {chrome.optionalLabel && (
        <span
          css={css`
            font-weight: 400;
            color: ${colors.textMuted};
          `}
        >
          {' '}
          ({t('form.optional')})
        </span>
      )}
    </label>
  );
}

function Messages({ chrome, hintId, errorId }: { chrome: FieldChrome; hintId: string; errorId: string }) {
  return (
    <>
      {chrome.hint && (
        <p id={hintId} css={hintStyle}>
          {chrome.hint}
        </p>
      )}
      {chrome.error && (
        <p id={errorId} css={errorStyle}>
          {chrome.error}
        </p>
      )}
    </>
  );
}

export type TextFieldProps = FieldChrome & Omit<ComponentPropsWithRef<'input'>, 'children'>;

export function TextField({ label, error, hint, optionalLabel, hideLabel, id, type = 'text', className, ...input }: TextFieldProps) {
  const chrome = { label, error, hint, optionalLabel, hideLabel };
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), input['aria-describedby']);
  return (
    <div css={wrapperStyle} className={className}>
      <Label htmlFor={ids.controlId} chrome={chrome} />
      <input
        id={ids.controlId}
        type={type}
        css={controlStyle}
        {...input}
        aria-invalid={error ? true : input['aria-invalid']}
        aria-describedby={ids.describedBy}
      />
      <Messages chrome={chrome} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

export type TextAreaProps = FieldChrome &
  Omit<ComponentPropsWithRef<'textarea'>, 'children'> & {
    /** show "used / maxLength" under the field (chat messages, about-me) */
    showCount?: boolean;
  };

export function TextArea({ label, error, hint, optionalLabel, hideLabel, id, showCount, className, ...textarea }: TextAreaProps) {
  const chrome = { label, error, hint, optionalLabel, hideLabel };
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), textarea['aria-describedby']);
  const length = typeof textarea.value === 'string' ? textarea.value.length : undefined;
  return (
    <div css={wrapperStyle} className={className}>
      <Label htmlFor={ids.controlId} chrome={chrome} />
      <textarea
        id={ids.controlId}
        rows={4}
        css={[
          controlStyle,
          css`
            resize: vertical;
            min-height: 96px;
          `,
        ]}
        {...textarea}
        aria-invalid={error ? true : textarea['aria-invalid']}
        aria-describedby={ids.describedBy}
      />
      {showCount && length !== undefined && (
        <p
          css={[
            hintStyle,
            css`
              text-align: right;
            `,
          ]}
          aria-live="polite"
        >
          {textarea.maxLength ? `${length} / ${textarea.maxLength}` : length}
        </p>
      )}
      <Messages chrome={chrome} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = FieldChrome &
  Omit<ComponentPropsWithRef<'select'>, 'children'> & {
    options: readonly SelectOption[];
    /** first, empty choice ("Please choose" by default when true) */
    placeholder?: string | boolean;
  };

export function Select({ label, error, hint, optionalLabel, hideLabel, id, options, placeholder, className, ...select }: SelectProps) {
  const t = useCommonT();
  const chrome = { label, error, hint, optionalLabel, hideLabel };
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), select['aria-describedby']);
  return (
    <div css={wrapperStyle} className={className}>
      <Label htmlFor={ids.controlId} chrome={chrome} />
      <select
        id={ids.controlId}
        css={[
          controlStyle,
          css`
            appearance: none;
            padding-right: 40px;
            cursor: pointer;
            background-image:
              linear-gradient(45deg, transparent 50%, ${colors.textMuted} 50%),
              linear-gradient(135deg, ${colors.textMuted} 50%, transparent 50%);
            background-position:
              calc(100% - 20px) 50%,
              calc(100% - 15px) 50%;
            background-size:
              5px 5px,
              5px 5px;
            background-repeat: no-repeat;
          `,
        ]}
        {...select}
        aria-invalid={error ? true : select['aria-invalid']}
        aria-describedby={ids.describedBy}
      >
        {placeholder && <option value="">{placeholder === true ? t('form.choose') : placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages chrome={chrome} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

export type CheckboxProps = Omit<FieldChrome, 'optionalLabel' | 'hideLabel'> & Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'>;

export function Checkbox({ label, error, hint, id, className, ...input }: CheckboxProps) {
  const chrome = { label, error, hint };
  const ids = useFieldIds(id, Boolean(hint), Boolean(error), input['aria-describedby']);
  return (
    <div css={wrapperStyle} className={className}>
      <div
        css={css`
          display: flex;
          align-items: flex-start;
          gap: 10px;
        `}
      >
        <input
          id={ids.controlId}
          type="checkbox"
          css={css`
            width: 20px;
            height: 20px;
            margin: 2px 0 0;
            flex: none;
            accent-color: ${colors.primary};
            cursor: pointer;
            &:focus-visible {
              outline: none;
              box-shadow: ${shadows.focus};
            }
          `}
          {...input}
          aria-invalid={error ? true : input['aria-invalid']}
          aria-describedby={ids.describedBy}
        />
        <label
          htmlFor={ids.controlId}
          css={css`
            cursor: pointer;
            line-height: 1.45;
          `}
        >
          {label}
        </label>
      </div>
      <Messages chrome={chrome} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

/** A date input (value 'YYYY-MM-DD'), e.g. the date of birth with `max` = 18 years ago. */
export type DateFieldProps = Omit<TextFieldProps, 'type'>;

export function DateField(props: DateFieldProps) {
  return <TextField type="date" {...props} />;
}

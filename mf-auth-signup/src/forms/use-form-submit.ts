/**
 * The one way this module's forms hold their fields and submit: values bound to the fields, a
 * client check (field errors under the fields), the server call with the submit button busy, and
 * a failed call shown at its field (server field errors) or in the form's alert.
 *
 * After a failed submit, focus moves to the first invalid field of the form that was submitted; the
 * field's error text is its accessible description (aria-describedby), so a screen reader reads it
 * out with the field. A failure without a field goes to the alert (role="alert", announced).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { fieldErrorsOf, messageOf, serverFieldError } from '../form-errors';
import type { FieldErrors } from '../form-errors';
import { NAMESPACE } from '../i18n';

export interface SendOptions {
  /**
   * Server field errors shown under their fields: of every field (default), of none (the alert
   * gets the text instead), or of the listed fields only.
   */
  fields?: 'all' | 'none' | readonly string[];
  /** runs first when the call fails (e.g. to close a confirmation dialog) */
  onError?: () => void;
}

export interface SubmitOptions extends SendOptions {
  /** runs with the field errors when the client check fails */
  onInvalid?: (errors: FieldErrors) => void;
}

function showsAtField(fields: SendOptions['fields'], errors: FieldErrors): boolean {
  if (fields === 'none') return false;
  if (fields === undefined || fields === 'all') return Object.keys(errors).length > 0;
  return fields.some((f) => errors[f]);
}

export function useFormSubmit<V extends Record<string, string>>(initial: V) {
  const { t } = useTranslation(NAMESPACE);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** the form being submitted (the focused element's form at submit time), to focus its first invalid field */
  const formRef = useRef<HTMLFormElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [focusRequest]);

  /** The form of the focused element (the submit button clicked, or the field Enter was pressed in). */
  function rememberForm() {
    if (typeof document === 'undefined') return;
    const form = (document.activeElement as HTMLElement | null)?.closest('form');
    if (form) formRef.current = form;
  }

  /** Show field errors; when there are any, focus the first invalid field after they render. */
  function showErrors(found: FieldErrors) {
    setErrors(found);
    if (Object.keys(found).length === 0) return;
    rememberForm();
    setFocusRequest((n) => n + 1);
  }

  /** value, onChange and error text of a TextField, TextArea or Select */
  function field(name: keyof V & string) {
    return {
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
      error: errors[name],
    };
  }

  /** Shows the errors of a client check under their fields; true when there are none. */
  function check(found: FieldErrors): boolean {
    showErrors(found);
    return Object.keys(found).length === 0;
  }

  /** Checks `input` with a contract schema: the parsed data, or undefined after showing the errors. */
  function validate<S extends z.ZodMiniType>(
    schema: S,
    input: unknown,
    onInvalid?: (errors: FieldErrors) => void,
  ): z.output<S> | undefined {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = fieldErrorsOf(parsed.error, t);
    onInvalid?.(found);
    showErrors(found);
    return undefined;
  }

  /** Runs the server call with the form busy; a failure is shown at its field or in the alert. */
  async function send(call: () => Promise<void>, options: SendOptions = {}): Promise<void> {
    rememberForm();
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      options.onError?.();
      const fe = serverFieldError(err);
      if (showsAtField(options.fields, fe)) showErrors(fe);
      else setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  }

  /** The usual submit: clear the alert, check with the schema, then send the parsed data. */
  async function submit<S extends z.ZodMiniType>(
    schema: S,
    input: unknown,
    call: (data: z.output<S>) => Promise<void>,
    options: SubmitOptions = {},
  ): Promise<void> {
    setError(null);
    const data = validate(schema, input, options.onInvalid);
    if (data === undefined) return;
    await send(() => call(data), options);
  }

  return { values, setValues, field, errors, error, setError, busy, check, validate, send, submit };
}

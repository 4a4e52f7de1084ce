import { useCallback, useMemo, useState, type ChangeEvent } from 'react';

type Values = Record<string, string | boolean>;
type Errors<V> = Partial<Record<keyof V, string | undefined>>;

/**
 * Small form state for the auth and settings forms: values, live errors, and which errors to
 * show (a field's once it was left, all of them after a submit attempt).
 */
export function useForm<V extends Values>(initial: V, validate: (values: V) => Errors<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const errors = useMemo(() => validate(values), [validate, values]);
  const isValid = Object.values(errors).every((message) => message === undefined);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value })), []);

  const shownError = (name: keyof V): string | undefined => (touched[name] || submitted ? errors[name] : undefined);

  /** Props for a MUI TextField bound to a text value. */
  const textField = (name: keyof V & string) => {
    const error = shownError(name);
    return {
      name,
      value: String(values[name]),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value as V[typeof name]),
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      error: error !== undefined,
      helperText: error,
    };
  };

  return {
    values,
    errors,
    isValid,
    setValue,
    shownError,
    textField,
    /** Marks every field for display; returns whether the form may be sent. */
    attemptSubmit: () => {
      setSubmitted(true);
      return isValid;
    },
    reset: (next: V = initial) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
    },
  };
}

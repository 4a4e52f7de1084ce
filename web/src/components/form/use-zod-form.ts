import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type SubmitErrorHandler, type SubmitHandler } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a contracts schema, with the product's way of showing errors:
 * live on every keystroke, a field's once it was left, all of them after a submit attempt.
 * The schema is also run on each render so `isValid` and the messages never lag a change (the
 * resolver answers a tick later, after the submit button was already drawn). `submitWith` hands
 * over the schema's output (trimmed, parsed), never the raw text.
 */
export function useZodForm<In extends FieldValues, Out>(schema: z.ZodType<Out, In>, defaultValues: DefaultValues<In>) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const [attempted, setAttempted] = useState(false);
  const checked = schema.safeParse(form.watch());
  const errors = new Map<string, string>();
  for (const issue of checked.error?.issues ?? []) {
    const name = String(issue.path[0] ?? '');
    if (!errors.has(name)) errors.set(name, issue.message);
  }

  const shownError = (name: Path<In>): string | undefined =>
    attempted || form.getFieldState(name, form.formState).isTouched ? errors.get(name) : undefined;

  /** Props for a MUI TextField bound to a text field of the form. */
  const textField = (name: Path<In>) => {
    const { ref, ...field } = form.register(name);
    const error = shownError(name);
    return { ...field, inputRef: ref, value: form.watch(name), error: error !== undefined, helperText: error };
  };

  /** A form's onSubmit: shows every message, then hands the parsed values to `onValid` if all are fine. */
  const submitWith = (onValid: SubmitHandler<Out>, onInvalid?: SubmitErrorHandler<In>) => (event?: BaseSyntheticEvent) => {
    setAttempted(true);
    // handleSubmit reports through the two handlers; nothing waits for it.
    void form.handleSubmit(onValid, onInvalid)(event);
  };

  return {
    ...form,
    isValid: checked.success,
    shownError,
    textField,
    submitWith,
    /** Back to `values` (or the defaults) with no message shown. */
    restart: (values?: DefaultValues<In>) => {
      form.reset(values);
      setAttempted(false);
    },
  };
}

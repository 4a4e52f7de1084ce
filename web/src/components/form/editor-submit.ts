import type { FieldValues } from 'react-hook-form';
import type { useZodForm } from './use-zod-form';

/** The mutation an add-or-edit form saves through (a TanStack Query mutation fits). */
interface SaveMutation<Variables> {
  readonly isPending: boolean;
  mutate(variables: Variables, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }): void;
}

/**
 * The submit of a manager's add-or-edit form: a valid form is saved once (never twice while a save
 * is under way); success says `saved`, empties the form and hands back with `onDone`; a refusal
 * says why (`failed` tells it); an invalid form says `invalid`.
 */
export function editorSubmit<In extends FieldValues, Out, Variables>(
  form: ReturnType<typeof useZodForm<In, Out>>,
  saving: SaveMutation<Variables>,
  texts: { saved: string; invalid: string; failed: (error: unknown) => string },
  toVariables: (values: Out) => Variables,
  after: { blank: Parameters<typeof form.restart>[0]; onDone: () => void; toast: (message: string, variant: 'success' | 'error') => void },
) {
  return form.submitWith(
    (values) => {
      if (saving.isPending) return;
      saving.mutate(toVariables(values), {
        onSuccess: () => {
          after.toast(texts.saved, 'success');
          form.restart(after.blank);
          after.onDone();
        },
        onError: (error) => after.toast(texts.failed(error), 'error'),
      });
    },
    () => after.toast(texts.invalid, 'error'),
  );
}

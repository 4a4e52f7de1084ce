import { screen } from '@testing-library/react';

// What a person reads on a page, for specs to assert as values rather than as "something was found".

const VARIANTS = ['default', 'success', 'error', 'warning', 'info'] as const;

/** A toast's kind, which sets its colour and icon; `default` is notistack's plain dark toast. */
export type ToastVariant = (typeof VARIANTS)[number];

/**
 * Waits for a toast saying exactly `text` and answers its variant, so a spec states what a person
 * sees (a green success, a red error), not only that the words appeared somewhere on the page.
 * Undefined when the text shows in a toast whose variant cannot be read.
 */
export async function toastVariant(text: string | RegExp): Promise<ToastVariant | undefined> {
  // notistack writes every toast's message in an element with this id, beside its icon.
  const message = await screen.findByText(text, { selector: '#notistack-snackbar' });
  const kind = /\bnotistack-MuiContent-(\w+)/.exec(message.closest('[role="alert"]')?.className ?? '')?.[1];
  return VARIANTS.find((variant) => variant === kind);
}

/** The text of what describes an element (its `aria-describedby`), such as a field's hint or error. */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/**
 * The error a form field shows under it: its description while it is marked invalid; null while
 * it is valid (a hint under a valid field is no error).
 */
export function fieldError(field: HTMLElement): string | null {
  return field.getAttribute('aria-invalid') === 'true' ? descriptionOf(field) : null;
}

/**
 * A description list's terms, each with what it says, as a person reads a card of labelled
 * figures: `{ 'Risk level': 'Moderate', 'Risk score': '35/100' }`.
 */
export function termsOf(container: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    Array.from(container.querySelectorAll('dt'), (term) => {
      const definition = term.nextElementSibling;
      return [term.textContent ?? '', definition?.tagName === 'DD' ? (definition.textContent ?? '') : ''];
    }),
  );
}

/** The badges (MUI chips: statuses, marks) shown in a container, in page order. */
export function badgesIn(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('.MuiChip-label'), (label) => label.textContent ?? '');
}

import { useSnackbar } from 'notistack';

/** Copies a text to the clipboard and says so with `successMessage`. */
export function useCopyValue() {
  const { enqueueSnackbar } = useSnackbar();
  return async (text: string, successMessage: string) => {
    try {
      await navigator.clipboard.writeText(text);
      enqueueSnackbar(successMessage, { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to copy to clipboard', { variant: 'error' });
    }
  };
}

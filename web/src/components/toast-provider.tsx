import { forwardRef, useCallback, useEffect, useRef, type ReactNode, type Ref } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar, type CustomContentProps } from 'notistack';

/** How long a toast stays: 5000 ms, then, once hovered, 1000 ms after the pointer leaves. */
export const TOAST_MS = 5000;
export const TOAST_EXTENDED_MS = 1000;

const TOAST_ORIGIN = { vertical: 'top', horizontal: 'right' } as const;
const BELOW_HEADER = 'toast-below-header';

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * notistack's own look, with the product's timing. notistack 3 pauses its timer on hover and then
 * resumes with half the duration (2500 ms), with no option to change it; so the provider turns
 * its timer off (`autoHideDuration={null}`) and each toast keeps its own here.
 */
const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(props, forwardedRef) {
  const { closeSnackbar } = useSnackbar();
  const { id, persist } = props;
  const element = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const node = element.current;
    if (persist) return undefined;
    const leaveAfter = (ms: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => closeSnackbar(id), ms);
    };
    const stay = () => clearTimeout(timer.current);
    const leaveSoon = () => leaveAfter(TOAST_EXTENDED_MS);
    leaveAfter(TOAST_MS);
    // MaterialDesignContent passes no pointer handlers on to its element: listen on the element.
    node?.addEventListener('mouseenter', stay);
    node?.addEventListener('mouseleave', leaveSoon);
    return () => {
      stay();
      node?.removeEventListener('mouseenter', stay);
      node?.removeEventListener('mouseleave', leaveSoon);
    };
  }, [closeSnackbar, id, persist]);

  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      element.current = node;
      setRef(forwardedRef, node);
    },
    [forwardedRef],
  );
  return <MaterialDesignContent ref={ref} {...props} />;
});

const CONTENT = { default: ToastContent, success: ToastContent, error: ToastContent, warning: ToastContent, info: ToastContent };

/** Toasts top-right, below the header (never over the admin's name and email), with the product's timing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          // Two classes, to win over notistack's own `top` whatever order the style sheets load in.
          [`.notistack-SnackbarContainer.${BELOW_HEADER}`]: {
            // The header's toolbar height (56 px on phones, 64 px from `sm`) plus a small gap.
            top: 58,
            [theme.breakpoints.up('sm')]: { top: 66 },
          },
        })}
      />
      <SnackbarProvider
        anchorOrigin={TOAST_ORIGIN}
        autoHideDuration={null}
        maxSnack={4}
        Components={CONTENT}
        classes={{ containerAnchorOriginTopRight: BELOW_HEADER }}
      >
        {children}
      </SnackbarProvider>
    </>
  );
}

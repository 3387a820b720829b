import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { dismissToast, getToasts, showToast, subscribeToasts, type Toast, type ToastVariant } from './toastStore';
import { TEXT } from '../../i18n/es/app';

const slideIn = keyframes`
  from { opacity: 0; transform: translateX(24px); }
  to { opacity: 1; transform: translateX(0); }
`;

const ICONS: Record<ToastVariant, typeof InfoOutlined> = {
  success: CheckCircleOutlined,
  error: ErrorOutlined,
  info: InfoOutlined,
  warning: WarningAmberOutlined,
};

function ToastItem({ item }: { item: Toast }) {
  const Icon = ICONS[item.variant];
  // Its time runs while it is on screen.
  useEffect(() => {
    return showToast(item.id);
  }, [item.id]);
  return (
    <Paper
      role={item.variant === 'error' ? 'alert' : 'status'}
      data-variant={item.variant}
      elevation={6}
      sx={{
        pointerEvents: 'auto',
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        p: 1.75,
        pr: 1,
        width: { xs: 'calc(100vw - 32px)', sm: 380 },
        borderRadius: 2.5,
        borderLeft: 4,
        borderColor: `${item.variant}.main`,
        animation: `${slideIn} 180ms ease-out`,
      }}
    >
      <Icon sx={{ color: `${item.variant}.main`, mt: '1px' }} fontSize="small" />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, lineHeight: 1.4 }}>
          {item.title}
        </Typography>
        {item.description && (
          <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {item.description}
          </Typography>
        )}
      </Box>
      <IconButton size="small" aria-label={TEXT.toasts.close} onClick={() => dismissToast(item.id)} sx={{ mt: -0.5 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

/** The stack's distance from the top of the window when nothing is in its way. */
const TOP = 16;
const GAP_BELOW_TITLE = 8;

/**
 * Where the stack starts: at the top, or just below the title of the open dialog when the stack would cover it (on a
 * phone a dialog fills the screen and its title is at the top). Measured while toasts are shown, again whenever the
 * page changes (a dialog opens, closes or scrolls its title) or the window is resized.
 */
function useTopClearOfDialogTitle(stack: RefObject<HTMLElement | null>, showing: boolean): number {
  const [top, setTop] = useState(TOP);
  useLayoutEffect(() => {
    if (!showing) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const papers = document.querySelectorAll<HTMLElement>('.MuiDialog-paper');
      const title = papers[papers.length - 1]?.querySelector<HTMLElement>('.MuiDialogTitle-root, h2');
      const box = stack.current?.getBoundingClientRect();
      const rect = title?.getBoundingClientRect();
      const overlaps =
        !!rect && !!box && rect.width > 0 && rect.left < box.right && rect.right > box.left && rect.top < window.innerHeight / 2;
      setTop(overlaps ? Math.max(TOP, Math.round(rect.bottom) + GAP_BELOW_TITLE) : TOP);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [stack, showing]);
  return top;
}

/**
 * The toast stack, top-right (full width on a phone), above dialogs but below an open dialog's title. Mounted once,
 * outside the routes.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const stack = useRef<HTMLDivElement>(null);
  const top = useTopClearOfDialogTitle(stack, toasts.length > 0);
  return (
    <Box
      ref={stack}
      role="region"
      aria-label={TEXT.toasts.region}
      data-testid="toaster"
      aria-live="polite"
      sx={{
        position: 'fixed',
        top,
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar + 10,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} item={t} />
      ))}
    </Box>
  );
}

import { useCallback, useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { FORM_TEXT } from '../../i18n/es/forms';

/** Each field at fault (the form's own name for it) with its Spanish message. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The attribute a field's root carries so a refused save finds it: `data-field="temas_importantes"`. */
export const FIELD_ATTRIBUTE = 'data-field';

const FOCUSABLE =
  'input:not([type="hidden"]):not([aria-hidden="true"]), textarea:not([aria-hidden="true"]), [role="combobox"], [tabindex="0"], button';

/** The field's own control inside its marked root (a select's combobox, a text field's input). */
export function focusTarget(root: Element): HTMLElement | null {
  if (root.matches(FOCUSABLE)) return root as HTMLElement;
  return root.querySelector<HTMLElement>(FOCUSABLE);
}

/** A field's label as the person reads it, without the required asterisk. */
export function fieldLabel(root: Element, name: string): string {
  const label = root.querySelector('label, legend, [data-field-label]');
  const text = (label?.textContent ?? '').replace(/[\s*\u2009\u00a0]+$/u, '').trim();
  return text || name;
}

/** Empty: what the person did not fill (a blank input or select), as opposed to a value in the wrong shape. */
function isEmpty(root: Element): boolean {
  const inputs = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (el) =>
      // A file chooser's value says nothing of the files a field holds.
      !(el instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(el.type)) && el.getAttribute('aria-hidden') !== 'true',
  );
  if (inputs.length > 0) return inputs.every((el) => el.value.trim() === '');
  const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')];
  if (boxes.length > 0) return !boxes.some((el) => el.checked);
  const hidden = root.querySelector<HTMLInputElement>('input[aria-hidden="true"]');
  return hidden ? hidden.value.trim() === '' : false;
}

/**
 * The action area's sentence: 'Falta: Temas importantes' for what was left empty, 'Revisa: Fecha' for a value in
 * the wrong shape (both when both).
 */
export function problemSummary(missing: readonly string[], wrong: readonly string[]): string | null {
  const parts = [missing.length > 0 ? FORM_TEXT.missing(missing) : null, wrong.length > 0 ? FORM_TEXT.check(wrong) : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The fields a server's 400 names (`campos`: the request's property → its message), as the form's own names:
 * `serverNames` maps a property that the form calls otherwise (`tipo_sesion_id` → `tipo`); a property the form
 * does not show is left out.
 */
export function serverFieldErrors<K extends string>(
  error: unknown,
  known: readonly K[] | null,
  serverNames: Partial<Record<string, K>> = {},
): FieldErrors<K> {
  // A failed call of app/core/http (ApiError: status and body), read by its shape: components/ stays app-free.
  const failed = error as { status?: unknown; body?: unknown } | null;
  if (!failed || typeof failed !== 'object' || failed.status !== 400) return {};
  const campos = (failed.body as { campos?: unknown } | undefined)?.campos;
  if (!campos || typeof campos !== 'object') return {};
  const out: FieldErrors<K> = {};
  for (const [property, message] of Object.entries(campos as Record<string, unknown>)) {
    if (typeof message !== 'string') continue;
    const name = (serverNames[property] ?? property) as K;
    if (known && !known.includes(name)) continue;
    if (!(name in out)) out[name] = message;
  }
  return out;
}

export interface FieldErrorsApi<K extends string> {
  errors: FieldErrors<K>;
  /** The action area's sentence after a refused save ('Falta: Temas importantes'), null otherwise. */
  summary: string | null;
  /** Spread on the form (or any box holding its fields): the fields are looked for inside it. */
  root: { 'data-form': string };
  /**
   * A refused save: mark these fields, scroll to the first of them on the page and focus it, and say what is
   * missing. Answers whether there was anything to show.
   */
  reveal: (errors: FieldErrors<K>) => boolean;
  /** A failed call: when it is a 400 naming fields of this form, reveal them (answers true); else nothing. */
  revealServer: (error: unknown, serverNames?: Partial<Record<string, K>>) => boolean;
  /** The field was changed: its mark goes (all marks without a name). */
  clear: (...names: K[]) => void;
  /** A text field's props: `error` (MUI sets aria-invalid), the message under it (before `helper`), the marker. */
  field: (name: K, helper?: ReactNode) => { error: boolean; helperText?: ReactNode; [FIELD_ATTRIBUTE]: string };
}

/**
 * One way for every form to refuse a save: each field at fault marked inline with its message (aria-invalid and the
 * helper text), the first of them scrolled to and focused, and the action area saying what is missing. Fields are
 * found by their `data-field` inside `root`, in page order, so a form only names them.
 */
export function useFieldErrors<K extends string = string>(
  options: {
    /**
     * A form that keeps its own errors (shown by its fields, re-checked as it is typed) passes them here: `reveal`
     * then only moves to the first and says what is missing, and `field`/`clear` follow these.
     */
    errors?: FieldErrors<K>;
  } = {},
): FieldErrorsApi<K> {
  const formId = useId();
  const root = useMemo(() => ({ 'data-form': formId }), [formId]);
  const [own, setErrors] = useState<FieldErrors<K>>({});
  const errors = useMemo(
    () => (options.errors ? (Object.fromEntries(Object.entries(options.errors).filter(([, m]) => Boolean(m))) as FieldErrors<K>) : own),
    [options.errors, own],
  );
  // How each marked field reads in the summary (its label, and whether it was left empty), found on the page.
  const [said, setSaid] = useState<Partial<Record<K, { label: string; missing: boolean }>>>({});
  // Bumped by each reveal: the effect below runs after the marks are on the page.
  const [revealed, setRevealed] = useState(0);

  const reveal = useCallback((next: FieldErrors<K>) => {
    const marked = Object.fromEntries(Object.entries(next).filter(([, m]) => Boolean(m))) as FieldErrors<K>;
    setErrors(marked);
    setRevealed((n) => n + 1);
    return Object.keys(marked).length > 0;
  }, []);

  useLayoutEffect(() => {
    if (revealed === 0) return;
    const scope: ParentNode = document.querySelector(`[data-form="${CSS.escape(formId)}"]`) ?? document;
    const names = Object.keys(errors) as K[];
    const roots = [...scope.querySelectorAll(`[${FIELD_ATTRIBUTE}]`)].filter((el) => names.includes(el.getAttribute(FIELD_ATTRIBUTE) as K));
    const found: Partial<Record<K, { label: string; missing: boolean }>> = {};
    for (const root of roots) {
      const name = root.getAttribute(FIELD_ATTRIBUTE) as K;
      found[name] ??= { label: fieldLabel(root, name), missing: isEmpty(root) };
    }
    // What the page shows is only known once the marks are on it: read here, said on the next paint.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSaid(found);
    const first = roots[0];
    if (!first) return;
    first.scrollIntoView?.({ block: 'center' });
    focusTarget(first)?.focus({ preventScroll: true });
    // Only on a reveal: editing a field afterwards must not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealed]);

  const revealServer = useCallback(
    (error: unknown, serverNames?: Partial<Record<string, K>>) => {
      const found = serverFieldErrors<K>(error, null, serverNames);
      return Object.keys(found).length > 0 ? reveal(found) : false;
    },
    [reveal],
  );

  const clear = useCallback((...names: K[]) => {
    setErrors((current) => {
      if (names.length === 0) return Object.keys(current).length === 0 ? current : {};
      if (!names.some((n) => n in current)) return current;
      const next = { ...current };
      for (const n of names) delete next[n];
      return next;
    });
  }, []);

  const field = useCallback(
    (name: K, helper?: ReactNode) => {
      const message = errors[name];
      const helperText = message
        ? helper
          ? [message, helper].map((part, i) => <FieldHelperLine key={i}>{part}</FieldHelperLine>)
          : message
        : helper;
      return { error: Boolean(message), helperText, [FIELD_ATTRIBUTE]: name } as {
        error: boolean;
        helperText?: ReactNode;
        [FIELD_ATTRIBUTE]: string;
      };
    },
    [errors],
  );

  // Said in page order (as `said` was read), then any field the page does not show.
  const onPage = Object.keys(said) as K[];
  const names = (Object.keys(errors) as K[]).sort((a, b) => rank(onPage, a) - rank(onPage, b));
  const summary =
    names.length === 0
      ? null
      : problemSummary(
          names.filter((n) => said[n]?.missing).map((n) => said[n]!.label),
          // A field the page does not show (another tab...) is said by its message.
          names.filter((n) => !said[n]?.missing).map((n) => said[n]?.label ?? errors[n] ?? n),
        );

  return { errors, summary, root, reveal, revealServer, clear, field };
}

/** Where a field stands among those found on the page (after them when it is not there). */
function rank<K>(onPage: readonly K[], name: K): number {
  const at = onPage.indexOf(name);
  return at === -1 ? onPage.length : at;
}

/** One line of a helper text holding the message and the field's own help. */
function FieldHelperLine({ children }: { children: ReactNode }) {
  return <span style={{ display: 'block' }}>{children}</span>;
}

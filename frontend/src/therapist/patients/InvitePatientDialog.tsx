import EmailOutlined from '@mui/icons-material/EmailOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  ASKABLE_CONSENT_KINDS,
  type AskableConsentKind,
  MSG,
  PHONE_MAX_DIGITS,
  joinPhone,
  DEFAULT_DIAL_CODE,
  normalizeEmail,
  typedPhone,
  whatsappDigitsError,
  type InvitationSendPayload,
} from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../components/forms';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { reportError } from '../../app/core/reportError';
import { DialCodeSelect } from '../../components/DialCodeSelect';
import { ConsentChoices } from '../../components/consents/ConsentChoices';
import { CONSENT_TEXT } from '../../i18n/es/consents';
import { toastSuccess } from '../../components/toast/toastStore';
import { PATIENTS_TEXT } from '../../i18n/es/patients';
import { useInvitePatient } from './patientQueries';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

const T = PATIENTS_TEXT.inviteDialog;

type Method = 'email' | 'whatsapp';

/** Opens `url` in a new tab without giving it this window; null when the browser blocked it. */
function openTab(url: string): Window | null {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  return tab;
}

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invite dialog's own checks. */
export function inviteError(method: Method, email: string, phone: string): string | null {
  if (method === 'email') return SIMPLE_EMAIL.test(email.trim()) ? null : MSG.email.format;
  return whatsappDigitsError(phone);
}

/**
 * 'Invitar Paciente' (and, optionally, the recording and AI consents the registration will ask for): by e-mail the server mails the link; by WhatsApp it answers a wa.me link that opens in a
 * new tab, so the therapist sends it from their own WhatsApp. After a send the method goes back to e-mail.
 */
export function InvitePatientDialog({
  open,
  dialCode: practiceDialCode = DEFAULT_DIAL_CODE,
  onClose,
}: {
  open: boolean;
  /** The practice's dial code (usePracticeDialCode): a WhatsApp number starts with it. */
  dialCode?: string;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<Method>('email');
  const [email, setEmail] = useState('');
  const [dialCode, setDialCode] = useState(practiceDialCode);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const marks = useFieldErrors({ errors: error ? { [method]: error } : {} });
  // The practice's country arrives after the dialog: a phone not typed yet starts with its code.
  const [seenDialCode, setSeenDialCode] = useState(practiceDialCode);
  if (practiceDialCode !== seenDialCode) {
    setSeenDialCode(practiceDialCode);
    if (!phone) setDialCode(practiceDialCode);
  }
  const invite = useInvitePatient();
  const sending = invite.isPending;
  const [blockedLink, setBlockedLink] = useState<string | null>(null);
  const [asked, setAsked] = useState<AskableConsentKind[]>([]);
  const leave = useUnsavedChanges({ dirty: open && !sending && !blockedLink && (email.trim() !== '' || phone.trim() !== '') });
  const cancel = () => !sending && leave.confirm(onClose);

  function reset() {
    setMethod('email');
    setEmail('');
    setDialCode(practiceDialCode);
    setPhone('');
    setError(null);
    setBlockedLink(null);
    setAsked([]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = inviteError(method, email, phone);
    setError(problem);
    if (problem) {
      marks.reveal({ [method]: problem });
      return;
    }
    const consentimientos = ASKABLE_CONSENT_KINDS.filter((kind) => asked.includes(kind));
    const payload: InvitationSendPayload = {
      ...(method === 'email' ? { email: normalizeEmail(email) } : { phone_number: joinPhone(dialCode, phone) }),
      ...(consentimientos.length > 0 ? { consentimientos } : {}),
    };
    // The WhatsApp tab is opened now, within the click, and pointed at wa.me once the server answers: a tab
    // opened after the request would be blocked by browsers that only allow pop-ups from a user gesture.
    const tab = method === 'whatsapp' ? openTab('about:blank') : null;
    try {
      const answer = await invite.mutateAsync(payload);
      if (answer.whatsapp_url) {
        if (tab && !tab.closed) tab.location.href = answer.whatsapp_url;
        else if (!openTab(answer.whatsapp_url)) {
          // Pop-ups blocked: the invitation exists, so the dialog offers its link to open by hand.
          setBlockedLink(answer.whatsapp_url);
          return;
        }
      }
      toastSuccess(T.sent, method === 'email' ? T.emailSent(payload.email!) : T.whatsappOpened);
      reset();
      onClose();
    } catch (failure) {
      tab?.close();
      reportError(failure, T.failed);
    }
  }

  return (
    <TitledDialog id="invite-patient" icon={<SendOutlined color="primary" />} title={T.title} open={open} onClose={cancel} maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} {...marks.root}>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {T.intro}
          </Typography>
          <ToggleButtonGroup
            value={method}
            exclusive
            fullWidth
            size="small"
            onChange={(_e, value: Method | null) => {
              if (value) {
                setMethod(value);
                setError(null);
              }
            }}
            aria-label={T.methodLabel}
            sx={{ mb: 2.5 }}
          >
            <ToggleButton value="email" sx={{ gap: 1 }}>
              <EmailOutlined fontSize="small" /> {T.email}
            </ToggleButton>
            <ToggleButton value="whatsapp" sx={{ gap: 1 }}>
              <WhatsApp fontSize="small" /> {T.whatsapp}
            </ToggleButton>
          </ToggleButtonGroup>
          {method === 'email' ? (
            <TextField
              label={T.emailLabel}
              type="email"
              autoFocus
              fullWidth
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error}
              data-field="email"
            />
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: '108px 1fr', gap: 1 }}>
              <DialCodeSelect id="invite-dial-code" value={dialCode} onChange={setDialCode} />
              <TextField
                label={T.phoneLabel}
                type="tel"
                autoFocus
                value={phone}
                onChange={(e) => {
                  // A number typed with its own code ('+34 612…') keeps it: the select follows.
                  const typed = typedPhone(e.target.value, dialCode);
                  setDialCode(typed.dialCode);
                  setPhone(typed.digits.slice(0, PHONE_MAX_DIGITS + 4));
                  setError(null);
                }}
                error={Boolean(error)}
                helperText={error ?? T.phoneHint}
                data-field="whatsapp"
                slotProps={{ htmlInput: { inputMode: 'tel' } }}
              />
            </Box>
          )}
          <Box sx={{ mt: 3 }}>
            <ConsentChoices
              title={CONSENT_TEXT.askTitle}
              intro={CONSENT_TEXT.askHint}
              idPrefix="invite-consent"
              kinds={ASKABLE_CONSENT_KINDS}
              checked={asked}
              disabled={sending}
              onChange={(kind, ticked) => setAsked((now) => (ticked ? [...now, kind] : now.filter((k) => k !== kind)))}
            />
          </Box>
          {blockedLink && (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              action={
                <Button
                  component="a"
                  href={blockedLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="inherit"
                  size="small"
                  onClick={() => {
                    toastSuccess(T.sent, T.whatsappOpened);
                    reset();
                    onClose();
                  }}
                >
                  {T.open}
                </Button>
              }
            >
              {T.popupBlocked}
            </Alert>
          )}
        </DialogContent>
        <DialogActionBar
          problems={marks.summary}
          onCancel={cancel}
          busy={sending}
          icon={method === 'email' ? <SendOutlined /> : <WhatsApp />}
          label={method === 'email' ? T.sendEmail : T.openWhatsapp}
          busyLabel={T.sending}
        />
      </Box>
      {leave.prompt}
    </TitledDialog>
  );
}

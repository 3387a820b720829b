import LoginOutlined from '@mui/icons-material/LoginOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MSG, emailError, normalizeEmail, type DemoUser, type LoginResponse, type Role } from '@consulta/shared';
import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { authApi } from '../../app/auth/calls';
import { ApiError, errorCode } from '../../app/core/http';
import { useDemoUsers, usePublicConfig } from '../../app/core/publicConfig';
import {
  clearMustChangePassword,
  clearProviderToken,
  clearTokenExpiredShown,
  setMustChangePassword,
  setProviderToken,
} from '../../app/core/session';
import { dashboardPath, fromState, returnPath } from '../../app/routesConfig';
import { OutlinedTextField } from '../../components/OutlinedTextField';
import { PasswordField } from '../../components/PasswordField';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { TEXT } from '../../i18n/es/app';
import { AuthLayout } from '../layout/AuthLayout';
import { usePageTitle } from '../../components/usePageTitle';

const GoogleLoginButton = lazy(() => import('./GoogleLoginButton'));

const messageOf = (error: unknown): string | undefined => (error instanceof Error && error.message ? error.message : undefined);

function DemoButtons({ users, disabled, onPick }: { users: DemoUser[]; disabled: boolean; onPick: (u: DemoUser) => void }) {
  if (users.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.06em' }}>
          {TEXT.login.demoTitle}
        </Typography>
      </Divider>
      <Stack spacing={1}>
        {users.map((u) => (
          <Button
            key={u.email}
            variant="outlined"
            color="secondary"
            disabled={disabled}
            startIcon={u.role === 'terapeuta' ? <MedicalServicesOutlined /> : <PersonOutlined />}
            onClick={() => onPick(u)}
            sx={{ justifyContent: 'flex-start' }}
          >
            {TEXT.login.demoAs(u.name)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

/** /login: Paciente (default) and Terapeuta tabs. */
export function LoginPage() {
  usePageTitle(TEXT.login.documentTitle);
  const { user, status, login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const config = usePublicConfig();
  const demoUsers = useDemoUsers(Boolean(config?.demo_login));
  const [tab, setTab] = useState<Role>('paciente');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  // Opening the page clears the marker that the session-expired notice was shown.
  useEffect(() => {
    clearTokenExpiredShown();
  }, []);

  const from = fromState(location.state);

  /** Hands the token to the auth layer, then goes to the forced change or the dashboard. */
  async function finish(response: LoginResponse, silent = false): Promise<boolean> {
    let signedIn;
    try {
      signedIn = await login(response.access_token, { silent });
    } catch {
      return false; // the auth layer already said 'Error de acceso'
    }
    if (response.must_change_password) {
      setMustChangePassword();
      navigate('/change-password', { replace: true });
    } else {
      clearMustChangePassword();
      navigate(returnPath(from, signedIn.role) ?? dashboardPath(signedIn.role), { replace: true });
    }
    return true;
  }

  /** Posts a password or demo sign-in; a refusal is shown as 'Error de acceso' with the server's detail. */
  async function signIn(path: string, body: object) {
    setBusy(true);
    try {
      let response: LoginResponse;
      try {
        response = await authApi.signIn(path, body);
      } catch (error) {
        toastError(TEXT.login.errorTitle, messageOf(error));
        return;
      }
      await finish(response);
    } finally {
      setBusy(false);
    }
  }

  async function submitPatient(event: FormEvent) {
    event.preventDefault();
    const next = {
      email: emailError(email) ?? undefined,
      password: password ? undefined : MSG.required.password,
    };
    setErrors(next);
    if (next.email || next.password) return;
    await signIn('/auth/login/patient', { email: normalizeEmail(email), contrasenia: password });
  }

  const demoLogin = (demo: DemoUser) => signIn('/auth/demo-login', { email: demo.email });

  async function googleLogin(googleToken: string) {
    setBusy(true);
    setProviderToken(googleToken);
    try {
      let response: LoginResponse;
      try {
        response = await authApi.googleSignIn(googleToken, tab);
      } catch (error) {
        clearProviderToken();
        if (errorCode(error) === 'NOT_FOUND') {
          toastError(TEXT.login.googleError, TEXT.login.googleUserNotFound);
        } else {
          toastError(TEXT.login.googleError, error instanceof ApiError ? error.message : undefined);
        }
        return;
      }
      if (await finish(response, true)) toastSuccess(TEXT.login.googleSuccess);
      else clearProviderToken();
    } finally {
      setBusy(false);
    }
  }

  const googleButton = config?.google_client_id ? (
    <Suspense fallback={<Skeleton variant="rounded" height={44} />}>
      <GoogleLoginButton
        clientId={config.google_client_id}
        disabled={busy}
        onToken={googleLogin}
        onError={() => toastError(TEXT.login.googleError)}
      />
    </Suspense>
  ) : null;

  const tabUsers = demoUsers.filter((u) => u.role === tab);

  return (
    <AuthLayout>
      <Card sx={{ boxShadow: '0 12px 40px rgba(16, 40, 44, 0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {TEXT.login.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
            {TEXT.login.subtitle}
          </Typography>

          {status === 'authenticated' && user && !busy && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" component={RouterLink} to={dashboardPath(user.role)}>
                  {TEXT.login.goToDashboard}
                </Button>
              }
            >
              {TEXT.login.alreadySignedIn(user.name)}
            </Alert>
          )}

          <Tabs
            value={tab}
            onChange={(_e, value: Role) => setTab(value)}
            variant="fullWidth"
            aria-label={TEXT.login.roleTabs}
            sx={{
              mb: 3,
              bgcolor: 'background.default',
              borderRadius: 2.5,
              p: 0.5,
              minHeight: 0,
              '& .MuiTabs-indicator': { display: 'none' },
            }}
          >
            {(['paciente', 'terapeuta'] as const).map((role) => (
              <Tab
                key={role}
                value={role}
                label={role === 'paciente' ? TEXT.login.tabPatient : TEXT.login.tabTherapist}
                id={`login-tab-${role}`}
                aria-controls={`login-panel-${role}`}
                sx={{
                  minHeight: 40,
                  borderRadius: 2,
                  '&.Mui-selected': { bgcolor: '#fff', boxShadow: '0 1px 3px rgba(16,40,44,0.12)' },
                }}
              />
            ))}
          </Tabs>

          {tab === 'paciente' ? (
            <Box role="tabpanel" id="login-panel-paciente" aria-labelledby="login-tab-paciente">
              <Box component="form" noValidate onSubmit={submitPatient}>
                <Stack spacing={2}>
                  <OutlinedTextField
                    label={TEXT.login.email}
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    error={Boolean(errors.email)}
                    helperText={errors.email}
                    fullWidth
                    required
                  />
                  <PasswordField
                    label={TEXT.login.password}
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    error={Boolean(errors.password)}
                    helperText={errors.password}
                    fullWidth
                    required
                  />
                  <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
                    <Link component={RouterLink} to="/forgot-password" variant="body2">
                      {TEXT.login.forgot}
                    </Link>
                  </Box>
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    disabled={busy}
                    startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <LoginOutlined />}
                  >
                    {busy ? TEXT.login.submitting : TEXT.login.submit}
                  </Button>
                </Stack>
              </Box>
              {googleButton && (
                <>
                  <Divider sx={{ my: 2.5 }}>
                    <Typography variant="caption" color="text.secondary">
                      {TEXT.login.or}
                    </Typography>
                  </Divider>
                  {googleButton}
                </>
              )}
            </Box>
          ) : (
            <Box role="tabpanel" id="login-panel-terapeuta" aria-labelledby="login-tab-terapeuta">
              <Alert severity="info" icon={<MedicalServicesOutlined fontSize="inherit" />} sx={{ mb: 2.5 }}>
                {TEXT.login.therapistInfo}
              </Alert>
              {googleButton ??
                (config && (
                  <Typography variant="body2" color="text.secondary">
                    {TEXT.login.therapistNoGoogle}
                  </Typography>
                ))}
            </Box>
          )}

          <DemoButtons users={tabUsers} disabled={busy} onPick={demoLogin} />

          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            {TEXT.login.invitationOnly}
          </Typography>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

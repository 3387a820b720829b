import { MSG, emailError, normalizeEmail, type AuthUser, type DemoUser, type LoginResponse, type Role } from '@consulta/shared';
import { Suspense, lazy, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
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
import { dashboardPath, returnPath } from '../../app/routesConfig';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { usePageTitle } from '../../components/usePageTitle';
import { TEXT } from '../../i18n/es/app';
import { DoorLink } from './light/DoorLink';
import { Icon } from './light/icons';
import { LightAuthLayout } from './light/LightAuthLayout';
import { LightField } from './light/LightField';
import './light/door.css';

const GoogleLoginButton = lazy(() => import('./GoogleLoginButton'));

const messageOf = (error: unknown): string | undefined => (error instanceof Error && error.message ? error.message : undefined);

const ROLES = ['paciente', 'terapeuta'] as const;

export interface LoginScreenProps {
  /** The page the user was sent away from (a guard's `from`). */
  from: unknown;
  /** Moves on after signing in (`signedIn`: the user, for the app the door then loads) or through a link. */
  go: (path: string, options?: { replace?: boolean; signedIn?: AuthUser }) => unknown;
  /** Checks and keeps a token: the auth context's login, or on the door the same step outside React. */
  signIn: (accessToken: string, options?: { silent?: boolean }) => Promise<AuthUser>;
  /** Who is already signed in, if anyone: the page offers their dashboard. */
  signedInUser?: AuthUser | null;
  /** Called as a sign-in starts (the door starts loading the app then). */
  onSignInStart?: () => void;
}

function DemoButtons({ users, disabled, onPick }: { users: DemoUser[]; disabled: boolean; onPick: (u: DemoUser) => void }) {
  if (users.length === 0) return null;
  return (
    <div className="door-demo">
      <div className="door-divider door-divider-demo" role="separator">
        <span className="door-divider-text">
          <span className="door-caption door-demo-title">{TEXT.login.demoTitle}</span>
        </span>
      </div>
      <div className="door-stack-8">
        {users.map((u) => (
          <button key={u.email} type="button" className="door-button door-outlined" disabled={disabled} onClick={() => onPick(u)}>
            <span className="door-start-icon">
              <Icon name={u.role === 'terapeuta' ? 'therapist' : 'person'} />
            </span>
            {TEXT.login.demoAs(u.name)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * /login: Paciente (default) and Terapeuta tabs. Drawn without MUI and without the router (door.css), so that a first
 * visit to /login loads only React and this page; the app shows it too, through LoginPage.
 */
export function LoginScreen({ from, go, signIn: acceptToken, signedInUser, onSignInStart }: LoginScreenProps) {
  usePageTitle(TEXT.login.documentTitle);
  const config = usePublicConfig();
  const demoUsers = useDemoUsers(Boolean(config?.demo_login));
  const [tab, setTab] = useState<Role>('paciente');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const tabRefs = useRef<Record<Role, HTMLButtonElement | null>>({ paciente: null, terapeuta: null });
  // A roving tab stop, as MUI's Tabs: the focused tab while the focus is in the list, else the chosen one.
  const [focusedTab, setFocusedTab] = useState<Role | null>(null);

  // Opening the page clears the marker that the session-expired notice was shown.
  useEffect(() => {
    clearTokenExpiredShown();
  }, []);

  /** Hands the token to the auth layer, then goes to the forced change or the dashboard. */
  async function finish(response: LoginResponse, silent = false): Promise<boolean> {
    let signedIn;
    try {
      signedIn = await acceptToken(response.access_token, { silent });
    } catch {
      return false; // the auth layer already said 'Error de acceso'
    }
    if (response.must_change_password) {
      setMustChangePassword();
      await go('/change-password', { replace: true, signedIn });
    } else {
      clearMustChangePassword();
      await go(returnPath(from, signedIn.role) ?? dashboardPath(signedIn.role), { replace: true, signedIn });
    }
    return true;
  }

  /** Posts a password or demo sign-in; a refusal is shown as 'Error de acceso' with the server's detail. */
  async function signIn(path: string, body: object) {
    setBusy(true);
    onSignInStart?.();
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
    onSignInStart?.();
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

  /** The tab list's keys, as MUI's Tabs: arrows (and Home/End) move the focus, Enter or Space chooses. */
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const current = ROLES.findIndex((role) => tabRefs.current[role] === document.activeElement);
    if (current < 0) return;
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: ROLES.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    tabRefs.current[ROLES[(moves[event.key] + ROLES.length) % ROLES.length]]?.focus();
  }

  const googleButton = config?.google_client_id ? (
    <Suspense fallback={<div className="door-skeleton" />}>
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
    <LightAuthLayout go={go}>
      <div className="door-card">
        <div className="door-card-body">
          <h1 className="door-title">{TEXT.login.title}</h1>
          <p className="door-subtitle">{TEXT.login.subtitle}</p>

          {signedInUser && !busy && (
            <div role="alert" className="door-alert door-alert-signed-in">
              <div className="door-alert-icon">
                <Icon name="info" />
              </div>
              <div className="door-alert-message">{TEXT.login.alreadySignedIn(signedInUser.name)}</div>
              <div className="door-alert-action">
                <DoorLink to={dashboardPath(signedInUser.role)} go={go} className="door-button door-text">
                  {TEXT.login.goToDashboard}
                </DoorLink>
              </div>
            </div>
          )}

          <div className="door-tabs">
            <div
              role="tablist"
              aria-label={TEXT.login.roleTabs}
              className="door-tablist"
              onKeyDown={onTabKey}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) setFocusedTab(null);
              }}
            >
              {ROLES.map((role) => (
                <button
                  key={role}
                  ref={(element) => {
                    tabRefs.current[role] = element;
                  }}
                  type="button"
                  role="tab"
                  className="door-tab"
                  aria-selected={tab === role}
                  tabIndex={(focusedTab ?? tab) === role ? 0 : -1}
                  onFocus={() => setFocusedTab(role)}
                  id={`login-tab-${role}`}
                  aria-controls={`login-panel-${role}`}
                  onClick={() => setTab(role)}
                >
                  {role === 'paciente' ? TEXT.login.tabPatient : TEXT.login.tabTherapist}
                </button>
              ))}
            </div>
          </div>

          {tab === 'paciente' ? (
            <div role="tabpanel" id="login-panel-paciente" aria-labelledby="login-tab-paciente">
              <form noValidate onSubmit={submitPatient} className="door-stack-16">
                <LightField
                  label={TEXT.login.email}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={errors.email}
                  required
                />
                <LightField
                  label={TEXT.login.password}
                  password
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={errors.password}
                  required
                />
                <div className="door-forgot">
                  <DoorLink to="/forgot-password" go={go} className="door-link">
                    {TEXT.login.forgot}
                  </DoorLink>
                </div>
                <button type="submit" className="door-button door-contained" disabled={busy}>
                  <span className="door-start-icon">
                    {busy ? (
                      <span role="progressbar" aria-label={TEXT.common.loadingLabel} className="door-spinner">
                        <svg viewBox="22 22 44 44" aria-hidden="true" focusable="false">
                          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
                        </svg>
                      </span>
                    ) : (
                      <Icon name="login" />
                    )}
                  </span>
                  {busy ? TEXT.login.submitting : TEXT.login.submit}
                </button>
              </form>
              {googleButton && (
                <>
                  <div className="door-divider door-divider-or" role="separator">
                    <span className="door-divider-text">
                      <span className="door-caption">{TEXT.login.or}</span>
                    </span>
                  </div>
                  {googleButton}
                </>
              )}
            </div>
          ) : (
            <div role="tabpanel" id="login-panel-terapeuta" aria-labelledby="login-tab-terapeuta">
              <div role="alert" className="door-alert door-alert-therapist">
                <div className="door-alert-icon">
                  <Icon name="therapist" />
                </div>
                <div className="door-alert-message">{TEXT.login.therapistInfo}</div>
              </div>
              {googleButton ?? (config && <p className="door-body2">{TEXT.login.therapistNoGoogle}</p>)}
            </div>
          )}

          <DemoButtons users={tabUsers} disabled={busy} onPick={demoLogin} />

          <p className="door-body2 door-invitation">{TEXT.login.invitationOnly}</p>
        </div>
      </div>
    </LightAuthLayout>
  );
}

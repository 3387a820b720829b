import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { LoginPage } from '../public/login/LoginPage';
import { ForcePasswordChange, RequireAuth } from './auth/guards';

// The two react-admin shells are separate chunks: public pages and /login never load react-admin. Every public
// page but /login (the one a returning user opens first) is a chunk of its own too, so /login carries only itself.
const TherapistApp = lazy(() => import('../therapist/TherapistApp'));
const PatientApp = lazy(() => import('../patient/PatientApp'));
const LandingPage = lazy(() => import('../public/LandingPage').then((m) => ({ default: m.LandingPage })));
const FeaturesPage = lazy(() => import('../public/InfoPages').then((m) => ({ default: m.FeaturesPage })));
const AboutPage = lazy(() => import('../public/InfoPages').then((m) => ({ default: m.AboutPage })));
const ForgotPasswordPage = lazy(() => import('../public/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('../public/password/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const ChangePasswordPage = lazy(() => import('../public/password/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })));
const RegisterInvitedPage = lazy(() => import('../public/register/RegisterInvitedPage').then((m) => ({ default: m.RegisterInvitedPage })));
const PublicAppointmentPage = lazy(() =>
  import('../public/appointment/PublicAppointmentPage').then((m) => ({ default: m.PublicAppointmentPage })),
);
const UnauthorizedPage = lazy(() => import('../public/UnauthorizedPage').then((m) => ({ default: m.UnauthorizedPage })));
const NotFoundPage = lazy(() => import('../public/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** The route table: public pages, and the two areas behind their guards. */
export function AppRoutes() {
  return (
    <ForcePasswordChange>
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/features" element={<FeaturesPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/register/invited" element={<RegisterInvitedPage />} />
          <Route path="/cita/:token" element={<PublicAppointmentPage />} />
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
          <Route
            path="/change-password"
            element={
              <RequireAuth>
                <ChangePasswordPage />
              </RequireAuth>
            }
          />
          <Route
            path="/dashboard/terapeuta/*"
            element={
              <RequireAuth roles={['terapeuta']}>
                <ErrorBoundary>
                  <Suspense fallback={<FullPageSpinner />}>
                    <TherapistApp />
                  </Suspense>
                </ErrorBoundary>
              </RequireAuth>
            }
          />
          <Route
            path="/dashboard/paciente/*"
            element={
              <RequireAuth roles={['paciente']}>
                <ErrorBoundary>
                  <Suspense fallback={<FullPageSpinner />}>
                    <PatientApp />
                  </Suspense>
                </ErrorBoundary>
              </RequireAuth>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ForcePasswordChange>
  );
}

import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ForgotPasswordPage } from '../public/ForgotPasswordPage';
import { AboutPage, FeaturesPage } from '../public/InfoPages';
import { LandingPage } from '../public/LandingPage';
import { LoginPage } from '../public/login/LoginPage';
import { NotFoundPage } from '../public/NotFoundPage';
import { ChangePasswordPage } from '../public/password/ChangePasswordPage';
import { ResetPasswordPage } from '../public/password/ResetPasswordPage';
import { RegisterInvitedPage } from '../public/register/RegisterInvitedPage';
import { UnauthorizedPage } from '../public/UnauthorizedPage';
import { ForcePasswordChange, RequireAuth } from './auth/guards';

// The two react-admin shells are separate chunks: public pages and /login never load react-admin.
const TherapistApp = lazy(() => import('../therapist/TherapistApp'));
const PatientApp = lazy(() => import('../patient/PatientApp'));

/** The route table of spec 1 §2. */
export function AppRoutes() {
  return (
    <ForcePasswordChange>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/features" element={<FeaturesPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/register/invited" element={<RegisterInvitedPage />} />
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
    </ForcePasswordChange>
  );
}

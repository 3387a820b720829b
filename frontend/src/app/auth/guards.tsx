import type { Role } from '@consulta/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { mustChangePassword } from '../core/session';
import { useAuth } from './AuthContext';

/**
 * A protected route: spinner while the auth state loads, /login (remembering the page) when
 * signed out, /unauthorized when the role is not allowed. Without roles any signed-in user passes.
 */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status !== 'authenticated' || !user) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }
  if (roles && !roles.includes(user.role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}

/**
 * While the stored mustChangePassword flag is set, a signed-in user can only be on /change-password.
 */
export function ForcePasswordChange({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'authenticated' && mustChangePassword() && location.pathname !== '/change-password') {
    return <Navigate to="/change-password" replace />;
  }
  return <>{children}</>;
}

import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { fromState } from '../../app/routesConfig';
import { LoginScreen } from './LoginScreen';

/** /login inside the app (a guard's redirect, a link): the sign-in screen moved by the router and the auth context. */
export function LoginPage() {
  const { user, status, login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <LoginScreen
      from={fromState(location.state)}
      go={(path, options) => navigate(path, { replace: options?.replace })}
      signIn={login}
      signedInUser={status === 'authenticated' ? user : null}
    />
  );
}

import type { AuthProvider } from 'ra-core';
import { clearAll, getStoredUser, getToken, getUserPicture } from '../core/session';

/**
 * react-admin's view of our session. The routes are already guarded outside the shells (RequireAuth),
 * and the fetch wrapper ends the session on 401/403, so react-admin never redirects by itself.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.reject(new Error('Sign-in happens on /login')),
  logout: async () => {
    clearAll();
    return false;
  },
  checkAuth: () => (getToken() ? Promise.resolve() : Promise.reject({ message: false, redirectTo: false })),
  checkError: () => Promise.resolve(),
  getIdentity: async () => {
    const user = getStoredUser();
    if (!user) throw new Error('No user');
    return { id: user.id, fullName: user.name, avatar: getUserPicture() ?? undefined };
  },
  getPermissions: async () => getStoredUser()?.role ?? null,
};

import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Layout, Menu, type AppBarProps } from 'react-admin';
import { useAuth } from '../../app/auth/AuthContext';
import { THERAPIST_BASE } from '../../app/routesConfig';
import { ShellAppBar } from '../../components/shell/ShellAppBar';
import { ShellPageHeader } from '../../components/shell/ShellPageHeader';

export const THERAPIST_PATHS = {
  patients: `${THERAPIST_BASE}/pacientes`,
  sessionTypes: `${THERAPIST_BASE}/tipos-sesiones`,
  newSession: `${THERAPIST_BASE}/nueva-sesion`,
  ai: `${THERAPIST_BASE}/consultar-ia`,
  exercises: `${THERAPIST_BASE}/ejercicios`,
  profile: `${THERAPIST_BASE}/perfil`,
};

const TABS = [
  { label: 'Mis Pacientes', to: THERAPIST_PATHS.patients },
  { label: 'AI Chat', to: THERAPIST_PATHS.ai },
  { label: 'Banco de Ejercicios', to: THERAPIST_PATHS.exercises },
];

function TherapistAppBar(props: AppBarProps) {
  return <ShellAppBar {...props} area="Panel del terapeuta" home={THERAPIST_PATHS.patients} profilePath={THERAPIST_PATHS.profile} />;
}

function TherapistMenu() {
  return (
    <Menu>
      <Menu.Item to={THERAPIST_PATHS.patients} primaryText="Mis pacientes" leftIcon={<GroupOutlined />} />
      <Menu.Item to={THERAPIST_PATHS.sessionTypes} primaryText="Tipos de Sesiones" leftIcon={<CategoryOutlined />} />
      <Menu.Item to={THERAPIST_PATHS.ai} primaryText="Consultar IA" leftIcon={<AutoAwesomeOutlined />} />
      <Menu.Item to={THERAPIST_PATHS.exercises} primaryText="Banco de ejercicios" leftIcon={<LibraryBooksOutlined />} />
      <Menu.Item to={THERAPIST_PATHS.profile} primaryText="Mi Perfil" leftIcon={<PersonOutlined />} />
    </Menu>
  );
}

/** The therapist shell: app bar with the avatar menu, side menu, greeting and section tabs. */
export function TherapistLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <Layout appBar={TherapistAppBar} menu={TherapistMenu}>
      <Box sx={{ width: '100%', maxWidth: 1320, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 3 } }}>
        <ShellPageHeader greeting={`Bienvenido, ${user?.name ?? ''}`} tabs={TABS} />
        {children}
      </Box>
    </Layout>
  );
}

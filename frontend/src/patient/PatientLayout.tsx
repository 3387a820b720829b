import ChatOutlined from '@mui/icons-material/ChatOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Layout, Menu, type AppBarProps } from 'react-admin';
import { PATIENT_BASE } from '../app/routesConfig';
import { ExactMenuItem } from '../components/shell/ExactMenuItem';
import { ShellAppBar } from '../components/shell/ShellAppBar';

export const PATIENT_PATHS = {
  home: PATIENT_BASE,
  sessions: `${PATIENT_BASE}/sesiones`,
  exercises: `${PATIENT_BASE}/ejercicios`,
  chat: `${PATIENT_BASE}/chat-ia`,
  profile: `${PATIENT_BASE}/perfil`,
};

function PatientAppBar(props: AppBarProps) {
  return <ShellAppBar {...props} area="Mi espacio" home={PATIENT_PATHS.home} profilePath={PATIENT_PATHS.profile} passwordChange />;
}

function PatientMenu() {
  return (
    <Menu>
      <ExactMenuItem to={PATIENT_PATHS.home} primaryText="Inicio" leftIcon={<HomeOutlined />} />
      <Menu.Item to={PATIENT_PATHS.sessions} primaryText="Sesiones Anteriores" leftIcon={<HistoryOutlined />} />
      <Menu.Item to={PATIENT_PATHS.exercises} primaryText="Ejercicios y Módulos" leftIcon={<FitnessCenterOutlined />} />
      <Menu.Item to={PATIENT_PATHS.chat} primaryText="Chat con IA" leftIcon={<ChatOutlined />} />
      <Menu.Item to={PATIENT_PATHS.profile} primaryText="Mi Perfil" leftIcon={<PersonOutlined />} />
    </Menu>
  );
}

export function PatientLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={PatientAppBar} menu={PatientMenu}>
      <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 3 } }}>{children}</Box>
    </Layout>
  );
}

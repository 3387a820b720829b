import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import type { RaRecord, Store } from 'react-admin';

interface SectionBase {
  id: string;
  /** URL segment under the shell's base; '' is the shell's home page. */
  path: string;
  /** Side-menu label (and the page's name). */
  label: string;
  icon: ReactElement;
  /** Listed in the side menu. */
  inMenu: boolean;
  /** Label of its tab in the header, if it has one. */
  headerTab?: string;
}

/** A page of its own (a custom route). The component may be a React.lazy one: the shell renders it in Suspense. */
export interface PageSection extends SectionBase {
  kind: 'page';
  component: ComponentType;
}

/** A react-admin resource whose name is the path: its list page, and a detail page under /{path}/{id}/*. */
export interface ResourceSection extends SectionBase {
  kind: 'resource';
  list: ComponentType;
  detail: ComponentType;
  /** A method, so a section may take its own record type (PatientListItem). */
  recordRepresentation(record: RaRecord): string;
}

export type ShellSection = PageSection | ResourceSection;

/** What makes a shell the therapist's or the patient's: `Shell` renders either from one of these. */
export interface ShellConfig {
  /** Where it is mounted (/dashboard/terapeuta, /dashboard/paciente). */
  basename: string;
  /** react-admin's preferences, kept in the browser under this name. */
  store: Store;
  /** The area's name beside the logo. */
  area: string;
  /** Where the logo and the not-found page lead. */
  home: string;
  /** 'Ver perfil' of the avatar menu. */
  profilePath: string;
  /** What a failed 'Cerrar Sesión' of the avatar menu says, when the area words it its own way. */
  logoutFailed?: string;
  /** Patients change their password from the avatar menu (therapists sign in with Google). */
  passwordChange?: boolean;
  /** Routes, side menu and header tabs, in menu order. */
  sections: readonly ShellSection[];
  /** Resources read and written without pages of their own. */
  dataResources?: readonly { name: string; recordRepresentation: string }[];
  /** With it, every page starts with the greeting, today's date and the header tabs. */
  greeting?: (name: string) => string;
  /** Widest the content grows, in px. */
  contentWidth: number;
  /** A control the area puts in the top bar, before the avatar menu (the therapist's session search). */
  headerAction?: ComponentType;
}

export const sectionUrl = (base: string, section: Pick<ShellSection, 'path'>): string => (section.path ? `${base}/${section.path}` : base);

export const ShellConfigContext = createContext<ShellConfig | null>(null);

export function useShellConfig(): ShellConfig {
  const config = useContext(ShellConfigContext);
  if (!config) throw new Error('useShellConfig outside a Shell');
  return config;
}

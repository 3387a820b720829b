import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import { raSpanishMessages } from './react-admin';

type Messages = { [key: string]: string | Messages };

/** Spanish has a 'many' plural category in CLDR: give it the 'other' text so large counts read right. */
function addManyForms(messages: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') {
      out[key] = value;
      if (key.endsWith('_other')) out[key.replace(/_other$/, '_many')] = value;
    } else {
      out[key] = addManyForms(value);
    }
  }
  return out;
}

/** Resource and field names of the shells, as react-admin looks them up. */
const appMessages: Messages = {
  resources: {
    pacientes: {
      name: 'Paciente |||| Pacientes',
      fields: {
        nombre: 'Nombre',
        apellido: 'Apellido',
        email: 'Correo electrónico',
        telefono_paciente: 'Teléfono',
        edad: 'Edad',
        profesion_ocupacion: 'Ocupación',
        total_sesiones: 'Sesiones',
        total_tiempo_minutos: 'Tiempo total',
        fecha_creacion: 'Fecha de registro',
        estado_civil: 'Estado civil',
        nivel_escolaridad: 'Escolaridad',
      },
    },
  },
};

/** The whole Spanish catalogue for i18next: react-admin's keys plus the app's resource names. */
export const esResources = addManyForms({
  ...(convertRaTranslationsToI18next(raSpanishMessages) as Messages),
  ...(convertRaTranslationsToI18next(appMessages) as Messages),
});

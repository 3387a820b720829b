import type { PatientListItem } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { aPatient } from '../../test/factories';
import { patientsToCsv } from './csv';

const patient = (over: Partial<PatientListItem>) =>
  aPatient({
    email: 'lucia@ejemplo.es',
    telefono_paciente: '+34612345678',
    edad: 34,
    total_sesiones: 2,
    total_tiempo_minutos: 90,
    ha_hecho_terapia: true,
    ha_hecho_constelaciones: false,
    ...over,
  });

describe('patients CSV', () => {
  it("is ';'-separated with a BOM, as Spanish spreadsheet programs open it", () => {
    const csv = patientsToCsv([patient({})]);
    expect(csv.startsWith('\uFEFF"Nombre";"Apellido";"Email";"Teléfono";"Edad";')).toBe(true);
    expect(csv.split('\r\n')[1].startsWith('"Lucía";"Fernández";"lucia@ejemplo.es";"+34612345678";"34";')).toBe(true);
  });

  it('quotes every cell, and keeps formulas as text', () => {
    const row = patientsToCsv([
      patient({
        nombre: 'Ana; María',
        apellido: ' =HYPERLINK("x")',
        profesion_ocupacion: 'Docente,=1+1',
        propuesta_terapia: 'Dos\nlíneas',
      }),
    ])
      .split('\r\n')
      .slice(1)
      .join('\r\n');
    expect(row.startsWith(`"Ana; María";"' =HYPERLINK(""x"")";`)).toBe(true);
    expect(row).toContain(`;"Docente,'=1+1";`);
    expect(row.endsWith('"Dos\nlíneas"')).toBe(true);
  });
});

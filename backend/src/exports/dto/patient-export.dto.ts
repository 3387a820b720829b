import { ApiProperty } from '@nestjs/swagger';
import {
  EXPORT_SCOPES,
  EXPORT_STATES,
  type ExportScope,
  type ExportState,
  type PatientExport as PatientExportAnswer,
} from '@consulta/shared';
import { isoOrNull } from '../../common/http/iso-date';
import type { PatientExport } from '../entities/patient-export.entity';

/** One export and how its job is going. */
export class PatientExportDto implements PatientExportAnswer {
  id: string;
  @ApiProperty({ enum: EXPORT_SCOPES })
  alcance: ExportScope;
  @ApiProperty({ enum: EXPORT_STATES })
  estado: ExportState;
  /** 0-100. */
  progreso: number;
  mensaje_error: string | null;
  nombre_archivo: string | null;
  tamano_bytes: number | null;
  archivos: number | null;
  /** ISO 8601 date-time. */
  solicitado_en: string;
  completado_en: string | null;
  caduca_en: string | null;

  static from(row: PatientExport): PatientExportDto {
    return {
      id: row.id,
      alcance: row.alcance,
      estado: row.estado,
      progreso: row.progreso,
      mensaje_error: row.mensajeError,
      nombre_archivo: row.nombreArchivo,
      tamano_bytes: row.tamanoBytes,
      archivos: row.archivos,
      solicitado_en: row.solicitadoEn.toISOString(),
      completado_en: isoOrNull(row.completadoEn),
      caduca_en: isoOrNull(row.caducaEn),
    };
  }
}

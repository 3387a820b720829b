import {
  MSG,
  QUESTIONNAIRE_CODES,
  QUESTIONNAIRE_FREQUENCIES,
  SEVERITIES,
  type AnswerQuestionnairePayload,
  type AssignQuestionnairePayload,
  type CrisisLine,
  type DueQuestionnaire,
  type OwnQuestionnaireResult,
  type PatientQuestionnairesResponse,
  type Questionnaire,
  type QuestionnaireItem,
  type QuestionnaireOption,
  type SeverityBand,
  type QuestionnaireAnswerResponse,
  type QuestionnaireAssignment,
  type QuestionnaireCode,
  type QuestionnaireFrequency,
  type QuestionnaireResult,
  type Severity,
  QUESTIONNAIRE_MSG,
} from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Check, OneOf, OptionalDate, RequiredId } from '../../common/validation/rules';

/** Body of POST /cuestionarios/asignaciones. */
export class AssignQuestionnaireDto implements AssignQuestionnairePayload {
  @RequiredId(MSG.patients.notFound)
  paciente_id: string;

  @OneOf(QUESTIONNAIRE_CODES, QUESTIONNAIRE_MSG.code)
  codigo: QuestionnaireCode;

  @Check((v) => (QUESTIONNAIRE_FREQUENCIES.includes(v as QuestionnaireFrequency) ? null : QUESTIONNAIRE_MSG.frequency), {
    type: 'integer',
    enum: [...QUESTIONNAIRE_FREQUENCIES],
    required: true,
    description: '0: una vez; 7, 14 o 28: cada tantos días.',
  })
  frecuencia_dias: QuestionnaireFrequency;

  @OptionalDate(QUESTIONNAIRE_MSG.until)
  hasta?: string | null;
}

/** Body of POST /pacientes/perfil/cuestionarios/{asignacionId}/respuestas (checked against its scale by the service). */
export class AnswerQuestionnaireDto implements AnswerQuestionnairePayload {
  @Check(() => null, {
    type: 'array',
    items: { type: 'integer', minimum: 0, maximum: 3 },
    required: true,
    description: 'Una respuesta por pregunta, en orden (el valor de la opción elegida).',
  })
  respuestas: number[];
}

export class QuestionnaireAssignmentDto implements QuestionnaireAssignment {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) paciente_id: string;
  @ApiProperty({ enum: QUESTIONNAIRE_CODES }) codigo: QuestionnaireCode;
  @ApiProperty({ enum: QUESTIONNAIRE_FREQUENCIES }) frecuencia_dias: QuestionnaireFrequency;
  @ApiProperty({ type: String, format: 'date', nullable: true }) hasta: string | null;
  @ApiProperty({ type: String, format: 'date', nullable: true }) proxima_fecha: string | null;
  @ApiProperty() activa: boolean;
  @ApiProperty({ format: 'date-time' }) creada_en: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) detenida_en: string | null;
  @ApiProperty() respuestas_recibidas: number;
}

export class QuestionnaireResultDto implements QuestionnaireResult {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) asignacion_id: string | null;
  @ApiProperty({ enum: QUESTIONNAIRE_CODES }) codigo: QuestionnaireCode;
  @ApiProperty({ format: 'date-time' }) fecha: string;
  @ApiProperty() puntuacion: number;
  @ApiProperty({ enum: SEVERITIES }) gravedad: Severity;
  @ApiProperty({ type: [Number] }) respuestas: number[];
  @ApiProperty() alerta: boolean;
  @ApiProperty() revisada: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revisada_en: string | null;
}

class DueQuestionnaireDto implements DueQuestionnaire {
  @ApiProperty({ format: 'uuid' }) asignacion_id: string;
  @ApiProperty({ enum: QUESTIONNAIRE_CODES }) codigo: QuestionnaireCode;
  @ApiProperty() nombre: string;
  @ApiProperty({ format: 'date' }) fecha: string;
}

class OwnQuestionnaireResultDto implements OwnQuestionnaireResult {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: QUESTIONNAIRE_CODES }) codigo: QuestionnaireCode;
  @ApiProperty({ format: 'date-time' }) fecha: string;
  @ApiProperty() puntuacion: number;
  @ApiProperty({ enum: SEVERITIES }) gravedad: Severity;
}

export class PatientQuestionnairesDto implements PatientQuestionnairesResponse {
  @ApiProperty({ type: [DueQuestionnaireDto] }) pendientes: DueQuestionnaire[];
  @ApiProperty({ type: [OwnQuestionnaireResultDto] }) resultados: OwnQuestionnaireResult[];
}

class CrisisLineDto implements CrisisLine {
  @ApiProperty({ example: '024' }) numero: string;
  @ApiProperty() nombre: string;
}

export class QuestionnaireAnswerDto implements QuestionnaireAnswerResponse {
  @ApiProperty() puntuacion: number;
  @ApiProperty({ enum: SEVERITIES }) gravedad: Severity;
  @ApiProperty() alerta: boolean;
  @ApiProperty({ type: [CrisisLineDto], description: 'Con alerta: las líneas de crisis que mostrar (CRISIS_LINES); si no, vacía.' })
  lineas_crisis: CrisisLine[];
}

class QuestionnaireItemDto implements QuestionnaireItem {
  @ApiProperty() numero: number;
  @ApiProperty() texto: string;
}

class QuestionnaireOptionDto implements QuestionnaireOption {
  @ApiProperty() valor: number;
  @ApiProperty() texto: string;
}

class SeverityBandDto implements SeverityBand {
  @ApiProperty({ enum: SEVERITIES }) gravedad: Severity;
  @ApiProperty() etiqueta: string;
  @ApiProperty() desde: number;
  @ApiProperty() hasta: number;
}

/** A scale of the catalogue (GET /cuestionarios). */
export class QuestionnaireDto implements Questionnaire {
  @ApiProperty({ enum: QUESTIONNAIRE_CODES }) codigo: QuestionnaireCode;
  @ApiProperty({ example: 'PHQ-9' }) nombre: string;
  @ApiProperty({ example: 'Depresión' }) mide: string;
  @ApiProperty() instrucciones: string;
  @ApiProperty({ type: [QuestionnaireItemDto] }) items: QuestionnaireItem[];
  @ApiProperty({ type: [QuestionnaireOptionDto] }) opciones: QuestionnaireOption[];
  @ApiProperty({ type: [SeverityBandDto] }) bandas: SeverityBand[];
  @ApiProperty() puntuacion_maxima: number;
  @ApiProperty({ type: Number, nullable: true, description: 'La pregunta cuya respuesta por encima de 0 da la alerta.' })
  item_alerta: number | null;
  @ApiProperty() fuente: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { EXERCISE_SUGGESTION_LIMITS, type ExerciseSuggestion, type ExerciseSuggestions } from '@consulta/shared';

class ExerciseSuggestionDto implements ExerciseSuggestion {
  /** Un ejercicio del banco del terapeuta (para asignarlo con POST /paciente-ejercicios/). */
  @ApiProperty({ format: 'uuid' })
  ejercicio_id: string;
  titulo: string;
  @ApiProperty({ type: String, nullable: true })
  categoria: string | null;
  /** Por qué encaja con esta sesión, en una frase. */
  @ApiProperty({ maxLength: EXERCISE_SUGGESTION_LIMITS.reasonMax })
  motivo: string;
}

export class ExerciseSuggestionsDto implements ExerciseSuggestions {
  /** Como máximo 3, la más útil primero; vacía cuando ningún ejercicio del banco encaja. */
  @ApiProperty({ type: [ExerciseSuggestionDto], maxItems: EXERCISE_SUGGESTION_LIMITS.max })
  sugerencias: ExerciseSuggestion[];
}

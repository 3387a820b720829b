import { ApiProperty } from '@nestjs/swagger';
import type { CalendarFeedResponse, CalendarFeedStatus } from '@consulta/shared';

/** GET /citas/calendario. */
export class CalendarFeedStatusDto implements CalendarFeedStatus {
  activo: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  creado_en: string | null;
}

/** POST /citas/calendario: the feed's URL, shown this once. */
export class CalendarFeedResponseDto implements CalendarFeedResponse {
  @ApiProperty({ example: 'https://consulta.example/api/v1/calendario/Zm9vYmFy.ics' })
  url: string;
}

import { BadRequestException, Injectable } from '@nestjs/common';
import { isBuiltInSessionType, MSG } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import { PatientAccess } from '../access/patient-access.service';
import { SessionType } from '../session-types/entities/session-type.entity';

/** A session's (or draft's) type: a built-in one, or one of the therapist's custom types. */
export interface TypeChoice {
  tipoSesion: string | null;
  type: SessionType | null;
}

interface TypeFields {
  tipo_sesion?: string | null;
  tipo_sesion_id?: string | null;
}

/**
 * Reads the type a payload chooses. `tipo_sesion_id` wins when present (a built-in value there is read as such);
 * a custom type must be the caller's, not archived (else 404) and active (else 400), unless it is the type the
 * session already has. A custom session's own name in `tipo_sesion` (as the API answers it) keeps its type.
 * Answers undefined when the payload does not touch the type.
 */
@Injectable()
export class SessionTypeChoice {
  constructor(private readonly access: PatientAccess) {}

  async read(user: User, fields: TypeFields, current?: TypeChoice): Promise<TypeChoice | undefined> {
    const { tipo_sesion: name, tipo_sesion_id: id } = fields;
    if (typeof id === 'string') {
      if (isBuiltInSessionType(id)) return { tipoSesion: id, type: null };
      if (current?.type?.id === id) return current;
      const type = await this.access.therapistOwned(user, SessionType, id, {
        notFound: MSG.sessionTypes.notFound,
        where: { eliminadoEn: null },
      });
      if (!type.activo) throw new BadRequestException(problem(MSG.sessions.typeInactive, 'VALIDATION'));
      return { tipoSesion: null, type };
    }
    if (typeof name === 'string') {
      if (isBuiltInSessionType(name)) return { tipoSesion: name, type: null };
      if (current?.type && current.type.nombre === name && id === undefined) return current;
      throw new BadRequestException(problem(MSG.sessions.typeRequired, 'VALIDATION'));
    }
    if (id === null || name === null) return { tipoSesion: null, type: null };
    return undefined;
  }
}

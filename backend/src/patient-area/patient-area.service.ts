import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  MSG,
  UPLOAD_PATHS,
  type PatientDashboard,
  type PatientOwnProfile,
  type PatientViewSession,
  type PatientViewSessionSummary,
} from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import type { Patient } from '../patients/entities/patient.entity';
import { PatientAccess, type PatientScope } from '../access/patient-access.service';
import { photoReference } from '../storage/photo-reference';
import { StoredFiles } from '../storage/stored-files.service';
import type { UpdateOwnProfileDto } from './dto/patient-area.dto';
import { ownProfileUpdate } from './own-profile';
import { PatientAreaQuery } from './patient-area.query';

/**
 * The signed-in patient's own area: dashboard, past sessions and profile. Every
 * method starts with `access.self` (the caller's own record; the routes admit patients only) and answers only
 * what patient-view.sql.ts selects.
 */
@Injectable()
export class PatientAreaService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly query: PatientAreaQuery,
    private readonly files: StoredFiles,
  ) {}

  async dashboard(user: User): Promise<PatientDashboard> {
    return this.query.dashboard(await this.access.selfScope(user));
  }

  async sessions(user: User): Promise<PatientViewSessionSummary[]> {
    return this.query.sessions(await this.access.selfScope(user));
  }

  /** Another patient's session, or no session at all, is the same 404. */
  async session(user: User, id: string): Promise<PatientViewSession> {
    const session = await this.query.session(await this.access.selfScope(user), id);
    if (!session) throw new NotFoundException(problem(MSG.sessions.notFound, 'NOT_FOUND'));
    return session;
  }

  async profile(user: User): Promise<PatientOwnProfile> {
    return this.profileOf(await this.access.selfScope(user));
  }

  /** PUT and PATCH: only telefono, direccion, fecha_nacimiento, genero, notas and foto_perfil, and only those sent. */
  async updateProfile(user: User, dto: UpdateOwnProfileDto): Promise<PatientOwnProfile> {
    const scope = await this.access.selfScope(user);
    const me = scope.patient;
    const changes = ownProfileUpdate(dto);
    if (Object.keys(changes).length === 0 && dto.foto_perfil === undefined) {
      throw new BadRequestException(problem(MSG.patientRecord.nothingToUpdate, 'VALIDATION'));
    }
    const previousPhoto = user.fotoPerfil;
    if (dto.foto_perfil !== undefined) user.fotoPerfil = await this.photo(me, dto.foto_perfil);
    this.em.assign(me, changes);
    await this.em.flush();
    if (previousPhoto !== user.fotoPerfil) await this.files.release([previousPhoto]);
    return this.profileOf(scope);
  }

  /**
   * What `foto_perfil` may become: the patient's own finished photo upload (in their therapist's space, under
   * UPLOAD_PATHS.profilePhoto: anyone else's key is 404), an https: URL, or nothing.
   */
  private async photo(me: Patient, value: string | null): Promise<string | null> {
    if (value === null) return null;
    const reference = photoReference(value);
    if (!reference) throw new BadRequestException(problem(MSG.patientArea.photoReference, 'VALIDATION'));
    if ('url' in reference) return reference.url;
    return this.files.attachableIn(me.therapist.id, reference.key, 'photo', UPLOAD_PATHS.profilePhoto(me.id));
  }

  private async profileOf(me: PatientScope): Promise<PatientOwnProfile> {
    const { google_avatar_url, ...profile } = await this.query.profile(me);
    return { ...profile, avatar_url: (await this.files.pictureUrl(profile.foto_perfil)) ?? google_avatar_url };
  }
}

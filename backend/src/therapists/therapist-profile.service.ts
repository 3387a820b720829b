import { isPictureUrl } from '@consulta/shared';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AuthUserDto } from '../auth/dto/auth-user.dto';
import type { User } from '../auth/entities/user.entity';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import type { TherapistProfileDto, UpdateTherapistProfileDto } from './dto/therapist-profile.dto';
import { normalizeEducation } from './education';
import { TherapistProfile } from './entities/therapist-profile.entity';

const EDITABLE = ['especialidad', 'licencia', 'telefono', 'direccion', 'biografia'] as const;

/** The signed-in therapist's own profile ('Mi Perfil'); the row is created on the first save. Name and e-mail never change here. */
@Injectable()
export class TherapistProfileService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(user: User): Promise<TherapistProfileDto> {
    return this.toDto(user, await this.em.findOne(TherapistProfile, { user }));
  }

  async update(user: User, dto: UpdateTherapistProfileDto): Promise<TherapistProfileDto> {
    const profile = (await this.em.findOne(TherapistProfile, { user })) ?? this.em.create(TherapistProfile, { user });
    for (const key of EDITABLE) {
      if (dto[key] !== undefined) profile[key] = dto[key]?.trim() || null;
    }
    if (dto.estudios !== undefined) profile.estudios = normalizeEducation(dto.estudios);
    if (dto.certificaciones !== undefined) profile.certificaciones = normalizeEducation(dto.certificaciones);
    if (dto.zona_horaria !== undefined) profile.zonaHoraria = dto.zona_horaria?.trim() || null;
    if (dto.pais !== undefined) profile.pais = dto.pais?.trim().toUpperCase() || null;
    if (dto.foto_perfil !== undefined) user.fotoPerfil = dto.foto_perfil?.trim() || null;
    await this.em.flush();
    return this.toDto(user, profile);
  }

  private toDto(user: User, profile: TherapistProfile | null): TherapistProfileDto {
    // A therapist's picture is an address (never an upload).
    const pictures = AuthUserDto.from(user, isPictureUrl(user.fotoPerfil) ? user.fotoPerfil : null);
    return {
      name: user.name,
      email: user.email,
      especialidad: profile?.especialidad ?? null,
      licencia: profile?.licencia ?? null,
      telefono: profile?.telefono ?? null,
      direccion: profile?.direccion ?? null,
      biografia: profile?.biografia ?? null,
      estudios: profile?.estudios ?? [],
      certificaciones: profile?.certificaciones ?? [],
      avatar_url: pictures.foto_perfil ?? pictures.avatar_url,
      zona_horaria: profile?.zonaHoraria ?? this.config.agenda.defaultTimeZone,
      pais: profile?.pais ?? this.config.practice.defaultCountry,
    };
  }
}

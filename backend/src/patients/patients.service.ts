import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { cleanPhone, MSG, normalizeEmail, todayIsoDate, blankToNull } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';
import { Passwords, temporaryPassword } from '../auth/passwords';
import { reachedPatient } from '../access/access-context';
import { grantConsent, setWhatsappFromRecord } from '../consents/consent-ledger';
import { problem } from '../common/errors/error.dto';
import type { ListQueryDto } from '../common/http/list-query.dto';
import { parseListQuery } from '../common/http/ra-list';
import type { CreatePatientDto, CreatePatientResponseDto } from './dto/create-patient.dto';
import type { PatientDetailDto, PatientItemDto } from './dto/patient-item.dto';
import type { UpdatePatientDto } from './dto/update-patient.dto';
import { PatientAccess } from '../access/patient-access.service';
import { createPatientWithAccount } from './patient-account';
import { patientProfile, patientUpdate } from './patient-profile';
import { PATIENT_FILTERS, PATIENT_SORT_FIELDS, PatientsQuery } from './patients.query';
import type { ItemRow } from './patients.sql';
import { StoredFiles } from '../storage/stored-files.service';
import { TakenEmails } from './taken-emails.service';

/** The therapist's patients. Every method is scoped to the calling therapist: others' patients are "not found". */
@Injectable()
export class PatientsService {
  constructor(
    private readonly em: EntityManager,
    private readonly query: PatientsQuery,
    private readonly access: PatientAccess,
    private readonly files: StoredFiles,
    private readonly taken: TakenEmails,
    private readonly passwords: Passwords,
  ) {}

  async list(therapist: User, raw: ListQueryDto): Promise<{ items: ItemRow[]; total: number; start: number }> {
    const params = parseListQuery(raw, { sort: PATIENT_SORT_FIELDS, filters: PATIENT_FILTERS });
    const { items, total } = await this.query.list(therapist.id, params);
    return { items, total, start: params.range?.start ?? 0 };
  }

  /** The patient with live totals (GET /pacientes/{id} and /pacientes/unified/{id}). */
  async get(therapist: User, id: string): Promise<PatientDetailDto> {
    await this.access.patient(therapist, id);
    const patient = await this.query.findOne(therapist.id, id);
    if (!patient) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    return patient;
  }

  /** Changes only the fields sent; a new name is also the patient's account name. */
  async update(therapist: User, id: string, dto: UpdatePatientDto): Promise<PatientDetailDto> {
    const patient = await this.access.patient(therapist, id);
    const changes = patientUpdate(dto);
    if (Object.keys(changes).length === 0) {
      const detail = dto.proxima_cita !== undefined ? MSG.patientRecord.proximaCitaFromAgenda : MSG.patientRecord.nothingToUpdate;
      throw new BadRequestException(problem(detail, 'VALIDATION'));
    }
    this.em.assign(patient, changes);
    if (changes.whatsappMensajeriaConsentimiento !== undefined) {
      await setWhatsappFromRecord(this.em, patient, changes.whatsappMensajeriaConsentimiento, therapist);
    }
    if (changes.nombre !== undefined || changes.apellido !== undefined) {
      const user = await this.em.findOneOrFail(User, patient.user.id);
      user.name = `${patient.nombre} ${patient.apellido}`;
    }
    await this.em.flush();
    return this.get(therapist, id);
  }

  /** Creates the patient's user (temporary password, must change it), the patient and the consents given, in one transaction. */
  async create(therapist: User, dto: CreatePatientDto): Promise<CreatePatientResponseDto> {
    if (dto.terapeuta_id && dto.terapeuta_id !== therapist.id)
      throw new BadRequestException(problem(MSG.patients.therapistMismatch, 'VALIDATION'));
    const email = normalizeEmail(dto.email);
    await this.taken.assertFree(therapist, email, 'POST /pacientes');
    const password = temporaryPassword();
    const patient = createPatientWithAccount(this.em, {
      therapist,
      email,
      passwordHash: await this.passwords.hash(password),
      mustChangePassword: true,
      record: {
        ...patientProfile(dto),
        telefonoPaciente: cleanPhone(dto.telefono_paciente),
        telefono: blankToNull(dto.telefono),
        tipoServicio: blankToNull(dto.tipo_servicio),
        fechaIngreso: dto.fecha_ingreso ?? todayIsoDate(),
        estadoTerapia: dto.estado_terapia ?? 'activo',
        notasTerapeuticas: blankToNull(dto.notas_terapeuticas),
        objetivosTerapia: blankToNull(dto.objetivos_terapia),
        planTratamiento: blankToNull(dto.plan_tratamiento),
      },
    });
    if (patient.whatsappMensajeriaConsentimiento) await setWhatsappFromRecord(this.em, patient, true, therapist);
    // The consents the therapist took with the patient land with it (one flush, one transaction).
    for (const { tipo, forma, nota } of dto.consentimientos ?? [])
      await grantConsent(this.em, patient, tipo, { by: therapist, forma, nota });
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw await this.taken.refusal(therapist, email, 'POST /pacientes');
      throw error;
    }
    reachedPatient(patient.id);
    return { id: patient.id, patient_id: patient.id, email, temporary_password: password };
  }

  /** Removes the patient, their user and everything of theirs; answers the removed patient. */
  async remove(therapist: User, id: string): Promise<PatientItemDto> {
    const patient = await this.get(therapist, id);
    const files = await this.files.keysOfPatient(patient.id);
    if (!(await this.query.deleteWithUser(therapist.id, id))) throw new NotFoundException(problem(MSG.patients.notFound, 'NOT_FOUND'));
    await this.files.release(files);
    return patient;
  }
}

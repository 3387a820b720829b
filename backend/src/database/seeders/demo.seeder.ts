import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { isBuiltInSessionType } from '@consulta/shared';
import { User } from '../../auth/entities/user.entity';
import { SessionDraft } from '../../drafts/entities/session-draft.entity';
import { hashPassword } from '../../auth/passwords';
import { Patient } from '../../patients/entities/patient.entity';
import { SessionType } from '../../session-types/entities/session-type.entity';
import { Session } from '../../sessions/entities/session.entity';
import { TherapistProfile } from '../../therapists/entities/therapist-profile.entity';
import { DEMO_PASSWORD, DEMO_PATIENTS, DEMO_SESSION_TYPES, DEMO_THERAPIST, DEMO_THERAPIST_PROFILE } from './demo-data';
import { DEMO_HISTORIES, type DemoHistory } from './demo-sessions';

/** The seeding day at `hour`, `days` before (negative: after). */
function dayAt(days: number, hour: number): Date {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(hour, 0, 0, 0);
  return date;
}

/** Seeds the demo practice once: skipped as soon as any therapist exists. */
export class DemoSeeder extends Seeder {
  seeded = false;

  async run(em: EntityManager): Promise<void> {
    if ((await em.count(User, { role: 'terapeuta' })) > 0) return;
    const therapist = em.create(User, { email: DEMO_THERAPIST.email, name: DEMO_THERAPIST.name, role: 'terapeuta' });
    em.create(TherapistProfile, { user: therapist, ...DEMO_THERAPIST_PROFILE });
    const types = new Map(DEMO_SESSION_TYPES.map((type) => [type.nombre, em.create(SessionType, { therapist, ...type })]));
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const patients = new Map<string, Patient>();
    for (const p of DEMO_PATIENTS) {
      const user = em.create(User, {
        email: p.email,
        name: `${p.nombre} ${p.apellido}`,
        role: 'paciente',
        passwordHash,
        mustChangePassword: false,
      });
      const { email: _email, ...fields } = p;
      patients.set(p.email, em.create(Patient, { ...fields, user, therapist }));
    }
    for (const history of DEMO_HISTORIES) this.history(em, history, patients.get(history.email)!, therapist, types);
    await em.flush();
    this.seeded = true;
  }

  private history(em: EntityManager, history: DemoHistory, patient: Patient, therapist: User, types: Map<string, SessionType>): void {
    const type = (tipo: string) =>
      isBuiltInSessionType(tipo) ? { tipoSesion: tipo, tipoSesionRef: null } : { tipoSesion: null, tipoSesionRef: types.get(tipo)! };
    if (history.proximaCitaEnDias !== undefined) patient.proximaCita = dayAt(-history.proximaCitaEnDias, 10);
    history.sessions.forEach((s, index) => {
      const { daysAgo, hour, tipo, duracionMinutos, ...content } = s;
      em.create(Session, { ...content, ...type(tipo), patient, therapist, numeroSesion: index + 1, fecha: dayAt(daysAgo, hour), duracionMinutos });
    });
    if (history.draft) {
      const { daysAgo, tipo, ...content } = history.draft;
      em.create(SessionDraft, { ...content, ...type(tipo), patient, therapist, fecha: dayAt(daysAgo, 17) });
    }
  }
}

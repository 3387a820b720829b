import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { User } from '../../auth/entities/user.entity';
import { hashPassword } from '../../auth/passwords';
import { Patient } from '../../patients/entities/patient.entity';
import { SessionType } from '../../session-types/entities/session-type.entity';
import { TherapistProfile } from '../../therapists/entities/therapist-profile.entity';
import { DEMO_PASSWORD, DEMO_PATIENTS, DEMO_SESSION_TYPES, DEMO_THERAPIST, DEMO_THERAPIST_PROFILE } from './demo-data';

/** Seeds the demo practice once: skipped as soon as any therapist exists. */
export class DemoSeeder extends Seeder {
  seeded = false;

  async run(em: EntityManager): Promise<void> {
    if ((await em.count(User, { role: 'terapeuta' })) > 0) return;
    const therapist = em.create(User, { email: DEMO_THERAPIST.email, name: DEMO_THERAPIST.name, role: 'terapeuta' });
    em.create(TherapistProfile, { user: therapist, ...DEMO_THERAPIST_PROFILE });
    for (const type of DEMO_SESSION_TYPES) em.create(SessionType, { therapist, ...type });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const p of DEMO_PATIENTS) {
      const user = em.create(User, {
        email: p.email,
        name: `${p.nombre} ${p.apellido}`,
        role: 'paciente',
        passwordHash,
        mustChangePassword: false,
      });
      const { email: _email, ...fields } = p;
      em.create(Patient, { ...fields, user, therapist });
    }
    await em.flush();
    this.seeded = true;
  }
}

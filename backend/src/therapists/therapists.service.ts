import { EntityManager } from '@mikro-orm/core';
import { emailError, normalizeEmail } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';

export type UpsertTherapistResult = { status: 'created' | 'updated' | 'unchanged'; user: User } | { status: 'refused'; reason: string };

/** Provisioning of therapist accounts (operator CLI only: no HTTP route creates therapists). */
export class TherapistsService {
  constructor(private readonly em: EntityManager) {}

  /** Creates the therapist, or renames an existing one; refuses an e-mail that belongs to a patient. */
  async upsert(rawEmail: string, rawName: string): Promise<UpsertTherapistResult> {
    const email = normalizeEmail(rawEmail);
    const name = rawName.trim().replace(/\s+/g, ' ');
    const problem = emailError(email);
    if (problem) return { status: 'refused', reason: `Invalid e-mail: ${problem}` };
    if (!name || name.length > 255) return { status: 'refused', reason: 'The name must have 1 to 255 characters' };
    const existing = await this.em.findOne(User, { email });
    if (existing && existing.role !== 'terapeuta') {
      return { status: 'refused', reason: `${email} belongs to a patient account; a therapist needs another e-mail` };
    }
    if (existing) {
      if (existing.name === name) return { status: 'unchanged', user: existing };
      existing.name = name;
      await this.em.flush();
      return { status: 'updated', user: existing };
    }
    const user = this.em.create(User, { email, name, role: 'terapeuta' });
    await this.em.flush();
    return { status: 'created', user };
  }
}

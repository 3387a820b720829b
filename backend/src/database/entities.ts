import { User } from '../auth/entities/user.entity';
import { Patient } from '../patients/entities/patient.entity';

/** Every entity of the app (listed explicitly: no folder scanning, same list for the app, the CLI and tests). */
export const ENTITIES = [User, Patient];

import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AccessAction, AccessKind } from '@consulta/shared';

export const CLINICAL_ACCESS_KEY = 'consulta:clinical-access';

/** What a route does with clinical data, or why it touches none (docs/decisions/identity-and-access.md, "Access history"). */
export type ClinicalAccessDeclaration = { kind: AccessKind; action: AccessAction } | { none: string };

/** The declaration, for the interceptor and in the OpenAPI document (`x-clinical-access`, which a test walks). */
const declare = (declaration: ClinicalAccessDeclaration) =>
  applyDecorators(SetMetadata(CLINICAL_ACCESS_KEY, declaration), ApiExtension('x-clinical-access', declaration));

/**
 * Declares that a route reads or writes a patient's clinical data: each call leaves an entry in the access
 * history for every patient it reached (or one without a patient when it reached none), before its answer goes.
 */
export const ClinicalAccess = (kind: AccessKind, action: AccessAction) => declare({ kind, action });

/** Declares that a route under a patient-scoped path touches no clinical data, and says why (nothing is recorded). */
export const NoClinicalAccess = (reason: string) => declare({ none: reason });

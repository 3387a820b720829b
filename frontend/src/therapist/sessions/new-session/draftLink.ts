/** The query of a link back to a draft: `?borrador=<id>` opens it; on the practice-wide page `paciente` picks its patient. */
export const DRAFT_PARAM = 'borrador';
export const PATIENT_PARAM = 'paciente';

/**
 * The new-session page at `pathname` with the open draft (and, on the practice-wide page, its patient): where a
 * consent gate comes back to. Without a draft the page opens empty (with the patient chosen).
 */
export function draftReturnUrl(pathname: string, draftId: string | null, patientId: string | null): string {
  const query = new URLSearchParams();
  if (patientId) query.set(PATIENT_PARAM, patientId);
  if (draftId) query.set(DRAFT_PARAM, draftId);
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** What a link back asks for: the draft to open and the patient to choose (null when absent or blank). */
export function askedByLink(params: URLSearchParams): { draftId: string | null; patientId: string | null } {
  const read = (name: string) => params.get(name)?.trim() || null;
  return { draftId: read(DRAFT_PARAM), patientId: read(PATIENT_PARAM) };
}

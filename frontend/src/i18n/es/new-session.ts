/** Texts of the new-session panel added after its first version (the rest are in app.ts, `newSession`). */
export const NEW_SESSION_TEXT = {
  /** The practice-wide page before a patient is chosen: the fields wait for one. */
  choosePatientFirst:
    'Elige primero el paciente. La sesión se guarda como borrador de ese paciente mientras escribes, por eso los campos se abren al elegirlo.',
  /** A session registered from an appointment of the agenda. */
  fromAppointment: 'Esta sesión queda vinculada a su cita de la agenda: al guardarla, la cita pasa a «Realizada».',
};

import type { KnownPeople, KnownPerson } from '../src/ai/pseudonymize/known-people';
import { Pseudonymizer } from '../src/ai/pseudonymize/pseudonymizer';
import { Restorer } from '../src/ai/pseudonymize/restorer';

const person = (nombre: string, apellido: string | null, extra: Partial<KnownPerson> = {}): KnownPerson => ({
  nombre,
  apellido,
  email: null,
  telefonos: [],
  fechaNacimiento: null,
  ...extra,
});

const therapist = person('Dra. Carmen Villalobos', null, { email: 'carmen@consulta.test', telefonos: ['+34 611 222 333'] });
const ana = person('Ana', 'Núñez de la Fuente', {
  email: 'Ana.Nunez@correo.test',
  telefonos: ['+573001234567'],
  fechaNacimiento: '1990-03-14',
});
const maria = person('María', 'Pérez', { telefonos: [null, '612 34 56 78'] });
const mariaJose = person('María José', 'Ruiz');

const practice = (): KnownPeople => ({ therapist, subject: null, others: [ana, maria, mariaJose] });
const aboutAna = (): KnownPeople => ({ therapist, subject: ana, others: [maria, mariaJose] });

describe('the pseudonymizer', () => {
  it('replaces whole words only, ignoring case and accents', () => {
    const p = new Pseudonymizer(aboutAna());
    expect(p.pseudonymize('ANA dijo a Anabel que tenía ganas; ana y Ána también.')).toBe(
      '[PACIENTE] dijo a Anabel que tenía ganas; [PACIENTE] y [PACIENTE] también.',
    );
    expect(p.pseudonymize('Habló con la señora Nunez y con FUENTE, no con la fuentecilla.')).toBe(
      'Habló con la señora [PACIENTE] y con [PACIENTE], no con la fuentecilla.',
    );
  });

  it('takes the longest name: María José is not María', () => {
    const p = new Pseudonymizer(practice());
    expect(p.pseudonymize('María José habló con María y con maria jose ruiz; luego Pérez.')).toBe(
      '[PACIENTE_1] habló con [PACIENTE_2] y con [PACIENTE_1]; luego [PACIENTE_2].',
    );
  });

  it("takes a name's words joined by a hyphen or an apostrophe as one name", () => {
    const p = new Pseudonymizer({ therapist, subject: person('Liam', "O'Neil-García"), others: [] });
    expect(p.pseudonymize("Liam O'Neil-García, o'neil o GARCIA")).toBe("[PACIENTE], o'[PACIENTE] o [PACIENTE]");
  });

  it('numbers the patients of a practice in order of appearance, stable across the texts of a request', () => {
    const p = new Pseudonymizer(practice());
    expect(p.pseudonymize('Ruiz y luego Ana Núñez de la Fuente')).toBe('[PACIENTE_1] y luego [PACIENTE_2]');
    expect(p.pseudonymize('¿Cómo va Ana? ¿Y María José?')).toBe('¿Cómo va [PACIENTE_2]? ¿Y [PACIENTE_1]?');
    expect(Object.fromEntries(p.substitutions)).toEqual({ '[PACIENTE_1]': 'María José Ruiz', '[PACIENTE_2]': 'Ana Núñez de la Fuente' });
  });

  it('replaces the therapist, never the particles and titles of a name alone', () => {
    const p = new Pseudonymizer(aboutAna());
    expect(p.pseudonymize('Carmen Villalobos, la Dra. de la consulta; villalobos')).toBe(
      '[TERAPEUTA], la Dra. de la consulta; [TERAPEUTA]',
    );
  });

  it('replaces known e-mails, phones however spaced and with or without the country code, and dates of birth', () => {
    const p = new Pseudonymizer(aboutAna());
    const sent = p.pseudonymize(
      'Escribe a ANA.NUNEZ@correo.test o llama al 300 123 45 67, al +57 (300) 123-4567 o al 0057 3001234567; ' +
        'María: 612345678 o +34 612 34 56 78. Nació el 14/03/1990 (1990-03-14, 14 de marzo de 1990). ' +
        'Otro: otro@correo.test, 300 999 88 77, 15/03/1990.',
    );
    expect(sent).toBe(
      'Escribe a [EMAIL] o llama al [TELEFONO], al [TELEFONO] o al [TELEFONO]; ' +
        '[PACIENTE_1]: [TELEFONO] o [TELEFONO]. Nació el [FECHA_NACIMIENTO] ([FECHA_NACIMIENTO], [FECHA_NACIMIENTO]). ' +
        'Otro: otro@correo.test, 300 999 88 77, 15/03/1990.',
    );
  });
});

describe('the restorer', () => {
  const substitutions = () => {
    const p = new Pseudonymizer(aboutAna());
    p.pseudonymize('Ana "la Nena" habló con Carmen de María José; ana.nunez@correo.test');
    return p.substitutions;
  };

  it('puts the real names back, leaving a placeholder the request never sent as written', () => {
    const restorer = new Restorer(substitutions());
    expect(restorer.restore('[PACIENTE] y [TERAPEUTA] hablaron de [PACIENTE_1]; [EMAIL]. [PACIENTE_7] y [TELEFONO] no.')).toBe(
      'Ana Núñez de la Fuente y Dra. Carmen Villalobos hablaron de María José Ruiz; ana.nunez@correo.test. [PACIENTE_7] y [TELEFONO] no.',
    );
    expect(restorer.unknown).toBe(2);
  });

  it('restores inside a JSON answer with the value escaped', () => {
    const restorer = new Restorer(new Map([['[PACIENTE]', 'Ana "la Nena"']]), true);
    const answer = restorer.restore(JSON.stringify({ razon: 'A [PACIENTE] le ayudará' }));
    expect(JSON.parse(answer)).toEqual({ razon: 'A Ana "la Nena" le ayudará' });
  });

  it('restores a placeholder split across streamed pieces, and passes the others through as they come', async () => {
    const restorer = new Restorer(substitutions());
    async function* pieces() {
      yield 'Hola, ';
      yield 'hoy [PACI';
      yield 'ENTE] y [';
      yield 'TERAPEUTA]';
      yield ' [x] fin [';
    }
    const out: string[] = [];
    for await (const piece of restorer.restoreStream(pieces())) out.push(piece);
    expect(out).toEqual(['Hola, ', 'hoy ', 'Ana Núñez de la Fuente y ', 'Dra. Carmen Villalobos', ' [x] fin ', '[']);
  });
});

import { ContactMatcher } from './contact-matchers';
import type { KnownPeople, KnownPerson } from './known-people';
import { NameMatcher, nameForms } from './name-matcher';

/** What a placeholder stood for in one request: restored in the answer, unless it stood for several values. */
export type Substitutions = ReadonlyMap<string, string | null>;

const CONTACT_PLACEHOLDER = { email: '[EMAIL]', telefono: '[TELEFONO]', fecha: '[FECHA_NACIMIENTO]' } as const;

/**
 * The practice's people compiled once for a request: `pseudonymize` is called on each text the request sends, in
 * the order sent, so a patient keeps one placeholder across the request and practice-wide patients are numbered
 * in order of appearance. The subject patient is `[PACIENTE]` and the therapist `[TERAPEUTA]`; any other patient
 * is `[PACIENTE_n]`. A name two people share goes to the subject first, then the therapist, then the others in
 * their given order.
 */
export class Pseudonymizer {
  private readonly everyone: KnownPerson[];
  private readonly compiled: CompiledPeople;
  /** By index in `everyone`. */
  private readonly placeholders = new Map<number, string>();
  private readonly used = new Map<string, string | null>();
  private numbered = 0;

  constructor(people: KnownPeople) {
    this.everyone = [people.subject, people.therapist, ...people.others].filter((p): p is KnownPerson => p !== null);
    if (people.subject) this.placeholders.set(0, '[PACIENTE]');
    this.placeholders.set(people.subject ? 1 : 0, '[TERAPEUTA]');
    this.compiled = compiledFor(this.everyone);
  }

  pseudonymize(text: string): string {
    const contactsOut = this.compiled.contacts.replace(text, (kind, found) => this.use(CONTACT_PLACEHOLDER[kind], found));
    return this.compiled.names.replace(contactsOut, (index) => this.use(this.placeholderOf(index), fullName(this.everyone[index])));
  }

  /** Each placeholder sent so far, with what it is restored to. */
  get substitutions(): Substitutions {
    return this.used;
  }

  private placeholderOf(index: number): string {
    let placeholder = this.placeholders.get(index);
    if (!placeholder) this.placeholders.set(index, (placeholder = `[PACIENTE_${++this.numbered}]`));
    return placeholder;
  }

  /** Records what `placeholder` stands for: a second, different value makes it ambiguous (null), never restored. */
  private use(placeholder: string, value: string): string {
    const before = this.used.get(placeholder);
    if (before === undefined) this.used.set(placeholder, value);
    else if (before !== null && before.toLowerCase() !== value.toLowerCase()) this.used.set(placeholder, null);
    return placeholder;
  }
}

interface CompiledPeople {
  names: NameMatcher<number>;
  contacts: ContactMatcher;
}

/**
 * The matchers of a list of people, by index, kept for the next requests of the same practice (they are most of a
 * request's cost): a change to anyone's data is a new list, compiled again.
 */
function compiledFor(everyone: KnownPerson[]): CompiledPeople {
  const key = JSON.stringify(everyone);
  let compiled = COMPILED.get(key);
  if (compiled) {
    COMPILED.delete(key); // most recently used last
  } else {
    compiled = { names: new NameMatcher<number>(), contacts: new ContactMatcher() };
    // All whole names first: a full name outranks anyone else's single word.
    const forms = everyone.map(formsOf);
    forms.forEach(([whole], index) => compiled!.names.add(whole, index));
    forms.forEach((rest, index) => rest.slice(1).forEach((form) => compiled!.names.add(form, index)));
    for (const person of everyone) {
      compiled.contacts.addEmail(person.email);
      for (const phone of person.telefonos) compiled.contacts.addPhone(phone);
      compiled.contacts.addBirthDate(person.fechaNacimiento);
    }
  }
  COMPILED.set(key, compiled);
  if (COMPILED.size > MAX_COMPILED) COMPILED.delete(COMPILED.keys().next().value!);
  return compiled;
}

/** A person's name forms, kept across compilations (a practice's list changes one person at a time). */
function formsOf(person: KnownPerson): string[][] {
  const key = `${person.nombre}\u0000${person.apellido ?? ''}`;
  let forms = FORMS.get(key);
  if (!forms) {
    if (FORMS.size >= MAX_FORMS) FORMS.clear();
    FORMS.set(key, (forms = nameForms(person.nombre, person.apellido)));
  }
  return forms;
}

const MAX_FORMS = 50_000;
const FORMS = new Map<string, string[][]>();
const MAX_COMPILED = 50;
const COMPILED = new Map<string, CompiledPeople>();

const fullName = (person: KnownPerson) => [person.nombre, person.apellido].filter(Boolean).join(' ').trim();

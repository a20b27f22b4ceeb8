// The arbiter's mail log names each mail by what it is for a person, not by the template
// code the platform files it under (`result-homologated` → "Rezultat
// omologat"). Pure: a code and a language in, words out; a code not listed is "another mail".
import type { WebLanguage } from '../web-request';

const NAMES: Readonly<Record<string, Readonly<Record<WebLanguage, string>>>> = {
  'game-start': { ro: 'Începutul partidei', en: 'Game start' },
  'your-move': { ro: 'Este rândul dumneavoastră', en: 'Your move' },
  status: { ro: 'Situația partidei', en: 'Game status' },
  'move-confirmation': { ro: 'Confirmarea mutării', en: 'Move confirmed' },
  'move-confirmation-request': { ro: 'Cerere de confirmare a mutării', en: 'Move confirmation asked' },
  'move-rejection': { ro: 'Mutare refuzată', en: 'Move refused' },
  reminder: { ro: 'Reamintire (mutarea trimisă din nou)', en: 'Reminder (move sent again)' },
  'reminder-copy': { ro: 'Copia reamintirii, pentru partener', en: 'Reminder copy, for the partner' },
  escalation: { ro: 'Tăcere semnalată arbitrului', en: 'Silence told to the arbiter' },
  'time-exceeded': { ro: 'Timp de gândire depășit', en: 'Thinking time exceeded' },
  'time-claim': { ro: 'Reclamație de timp', en: 'Time claim' },
  'time-claim-confirmation': { ro: 'Reclamație de timp trimisă', en: 'Time claim sent' },
  'claim-answered': { ro: 'Răspuns la reclamația de timp', en: 'Time claim answered' },
  'answer-recorded': { ro: 'Răspuns înregistrat', en: 'Answer recorded' },
  contest: { ro: 'Cuvânt contestat', en: 'Word contested' },
  'challenge-verdict': { ro: 'Verificare („Sprawdzam”) și verdictul ei', en: 'Check ("Sprawdzam") and its verdict' },
  'challenge-override': { ro: 'Verdictul unei verificări inversat de arbitru', en: "A check's verdict reversed by the arbiter" },
  'contest-admitted': { ro: 'Contestație admisă de jucător', en: 'Contest admitted by the player' },
  'contest-appealed': { ro: 'Contestație trimisă arbitrului', en: 'Contest appealed to the arbiter' },
  ruling: { ro: 'Decizia arbitrului', en: "Arbiter's ruling" },
  'conditional-stored': { ro: 'Mutare condiționată păstrată', en: 'Conditional reply stored' },
  'conditional-applied': { ro: 'Mutare condiționată jucată', en: 'Conditional reply played' },
  'conditional-dropped': { ro: 'Mutare condiționată anulată', en: 'Conditional reply dropped' },
  offer: { ro: 'Propunere', en: 'Offer' },
  'offer-answer': { ro: 'Răspuns la propunere', en: 'Answer to an offer' },
  'holiday-notice': { ro: 'Concediul partenerului', en: "Partner's holiday" },
  'holiday-confirmation': { ro: 'Concediu înregistrat', en: 'Holiday recorded' },
  'holiday-end': { ro: 'Sfârșitul concediului', en: 'Holiday over' },
  'holiday-rights-end': { ro: 'Sfârșitul dreptului la concediu', en: 'End of holiday rights' },
  'round-bye': { ro: 'Runda în care stați', en: 'A round you sit out' },
  'round-complete': { ro: 'Rundă încheiată', en: 'Round complete' },
  'special-leave': { ro: 'Concediu special', en: 'Special leave' },
  'long-thinking-notice': { ro: 'Gândire lungă anunțată', en: 'Long thinking announced' },
  'long-thinking-end': { ro: 'Sfârșitul gândirii lungi', en: 'Long thinking over' },
  'closing-date': { ro: 'Data de închidere', en: 'Closing date' },
  'report-window-closed': { ro: 'Termenul de raportare a trecut', en: 'Report window closed' },
  'state-declared': { ro: 'Situația declarată la închidere', en: 'State declared at the closing date' },
  'game-end': { ro: 'Sfârșitul partidei', en: 'Game over' },
  'result-homologated': { ro: 'Rezultat omologat', en: 'Result homologated' },
  'objection-decided': { ro: 'Decizia asupra obiecției la fișa finală', en: 'Objection to the final sheet decided' },
  'daily-digest': { ro: 'Rezumatul zilnic', en: 'Daily digest' },
  'digest-setting': { ro: 'Setarea rezumatului zilnic', en: 'Daily digest setting' },
  'arbiter-cases': { ro: 'Cazuri pentru arbitru', en: 'Cases for the arbiter' },
  'command-help': { ro: 'Ajutor pentru comenzi', en: 'Command help' },
  'magic-link': { ro: 'Legătură de autentificare', en: 'Login link' },
  'address-confirmation': { ro: 'Confirmarea adresei', en: 'Address confirmation' },
  'address-added': { ro: 'Adresă adăugată', en: 'Address added' },
  'account-join': { ro: 'Cerere de alăturare a contului', en: 'Account join request' },
  'account-changed': { ro: 'Cont schimbat', en: 'Account changed' },
  'identity-changed': { ro: 'Date personale schimbate', en: 'Personal details changed' },
  'rejection-game-finished': { ro: 'Refuz: partida s-a încheiat', en: 'Refused: the game is over' },
  'rejection-not-your-turn': { ro: 'Refuz: nu este rândul jucătorului', en: 'Refused: not their turn' },
  'rejection-stale-token': { ro: 'Refuz: răspuns la un mesaj vechi', en: 'Refused: reply to an old mail' },
  'rejection-too-large': { ro: 'Refuz: mesaj prea mare', en: 'Refused: mail too large' },
  'rejection-unknown-token': { ro: 'Refuz: adresă de răspuns necunoscută', en: 'Refused: unknown reply address' },
  'rejection-wrong-sender': { ro: 'Refuz: expeditor necunoscut', en: 'Refused: unknown sender' },
};

const OTHER: Readonly<Record<WebLanguage, string>> = { ro: 'Alt mesaj', en: 'Another mail' };

/** The name a person reads for an outbox template code. */
export function mailTemplateName(template: string, lang: WebLanguage): string {
  return NAMES[template]?.[lang] ?? OTHER[lang];
}

/** Every code named, for the tests. */
export const NAMED_MAIL_TEMPLATES: readonly string[] = Object.keys(NAMES);

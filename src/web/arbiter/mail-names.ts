// The arbiter's mail log names each mail by what it is for a person, not by the template
// code the platform files it under (`result-homologated` → "Rezultat
// omologat"). Pure: a code and a language in, words out; a code not listed is "another mail".
import type { WebLanguage } from '../web-request';

const NAMES: Readonly<Record<string, Readonly<Record<WebLanguage, string>>>> = {
  'game-start': { ro: 'Începutul partidei', en: 'Game start', pl: 'Początek partii' },
  'your-move': { ro: 'Este rândul dumneavoastră', en: 'Your move', pl: 'Twój ruch' },
  status: { ro: 'Situația partidei', en: 'Game status', pl: 'Stan partii' },
  'move-confirmation': { ro: 'Confirmarea mutării', en: 'Move confirmed', pl: 'Potwierdzenie ruchu' },
  'move-confirmation-request': { ro: 'Cerere de confirmare a mutării', en: 'Move confirmation asked', pl: 'Prośba o potwierdzenie ruchu' },
  'move-rejection': { ro: 'Mutare refuzată', en: 'Move refused', pl: 'Ruch odrzucony' },
  reminder: { ro: 'Reamintire (mutarea trimisă din nou)', en: 'Reminder (move sent again)', pl: 'Przypomnienie (ruch wysłany ponownie)' },
  'reminder-copy': {
    ro: 'Copia reamintirii, pentru partener',
    en: 'Reminder copy, for the partner',
    pl: 'Kopia przypomnienia dla przeciwnika',
  },
  escalation: { ro: 'Tăcere semnalată arbitrului', en: 'Silence told to the arbiter', pl: 'Brak odpowiedzi zgłoszony sędziemu' },
  'time-exceeded': { ro: 'Timp de gândire depășit', en: 'Thinking time exceeded', pl: 'Przekroczony czas na namysł' },
  'time-claim': { ro: 'Reclamație de timp', en: 'Time claim', pl: 'Zgłoszenie przekroczenia czasu' },
  'time-claim-confirmation': { ro: 'Reclamație de timp trimisă', en: 'Time claim sent', pl: 'Zgłoszenie przekroczenia czasu wysłane' },
  'claim-answered': { ro: 'Răspuns la reclamația de timp', en: 'Time claim answered', pl: 'Odpowiedź na zgłoszenie przekroczenia czasu' },
  'answer-recorded': { ro: 'Răspuns înregistrat', en: 'Answer recorded', pl: 'Odpowiedź zapisana' },
  contest: { ro: 'Cuvânt contestat', en: 'Word contested', pl: 'Wyraz zakwestionowany' },
  'challenge-verdict': {
    ro: 'Verificare („Sprawdzam”) și verdictul ei',
    en: 'Check ("Sprawdzam") and its verdict',
    pl: '„Sprawdzam” i jego wynik',
  },
  'challenge-override': {
    ro: 'Verdictul unei verificări inversat de arbitru',
    en: "A check's verdict reversed by the arbiter",
    pl: 'Wynik sprawdzenia zmieniony przez sędziego',
  },
  'contest-admitted': { ro: 'Contestație admisă de jucător', en: 'Contest admitted by the player', pl: 'Błąd uznany przez gracza' },
  'contest-appealed': { ro: 'Contestație trimisă arbitrului', en: 'Contest appealed to the arbiter', pl: 'Odwołanie do sędziego' },
  ruling: { ro: 'Decizia arbitrului', en: "Arbiter's ruling", pl: 'Decyzja sędziego' },
  'conditional-stored': { ro: 'Mutare condiționată păstrată', en: 'Conditional reply stored', pl: 'Ruch warunkowy zapisany' },
  'conditional-applied': { ro: 'Mutare condiționată jucată', en: 'Conditional reply played', pl: 'Ruch warunkowy wykonany' },
  'conditional-dropped': { ro: 'Mutare condiționată anulată', en: 'Conditional reply dropped', pl: 'Ruch warunkowy anulowany' },
  offer: { ro: 'Propunere', en: 'Offer', pl: 'Propozycja' },
  'offer-answer': { ro: 'Răspuns la propunere', en: 'Answer to an offer', pl: 'Odpowiedź na propozycję' },
  'holiday-notice': { ro: 'Concediul partenerului', en: "Partner's holiday", pl: 'Urlop przeciwnika' },
  'holiday-confirmation': { ro: 'Concediu înregistrat', en: 'Holiday recorded', pl: 'Urlop zapisany' },
  'holiday-end': { ro: 'Sfârșitul concediului', en: 'Holiday over', pl: 'Koniec urlopu' },
  'holiday-rights-end': { ro: 'Sfârșitul dreptului la concediu', en: 'End of holiday rights', pl: 'Koniec prawa do urlopu' },
  'round-complete': { ro: 'Rundă încheiată', en: 'Round complete', pl: 'Runda zakończona' },
  'round-bye': { ro: 'Runda în care stați', en: 'A round you sit out', pl: 'Runda, w której pauzujesz' },
  'special-leave': { ro: 'Concediu special', en: 'Special leave', pl: 'Urlop nadzwyczajny' },
  'long-thinking-notice': { ro: 'Gândire lungă anunțată', en: 'Long thinking announced', pl: 'Zapowiedziany dłuższy namysł' },
  'long-thinking-end': { ro: 'Sfârșitul gândirii lungi', en: 'Long thinking over', pl: 'Koniec dłuższego namysłu' },
  'closing-date': { ro: 'Data de închidere', en: 'Closing date', pl: 'Dzień zamknięcia rozgrywek' },
  'report-window-closed': { ro: 'Termenul de raportare a trecut', en: 'Report window closed', pl: 'Minął termin zgłoszeń' },
  'state-declared': {
    ro: 'Situația declarată la închidere',
    en: 'State declared at the closing date',
    pl: 'Stan partii zgłoszony w dniu zamknięcia',
  },
  'game-end': { ro: 'Sfârșitul partidei', en: 'Game over', pl: 'Koniec partii' },
  'result-homologated': { ro: 'Rezultat omologat', en: 'Result homologated', pl: 'Wynik zatwierdzony' },
  'objection-decided': {
    ro: 'Decizia asupra obiecției la fișa finală',
    en: 'Objection to the final sheet decided',
    pl: 'Rozstrzygnięte zastrzeżenie do protokołu',
  },
  'daily-digest': { ro: 'Rezumatul zilnic', en: 'Daily digest', pl: 'Podsumowanie dzienne' },
  'digest-setting': { ro: 'Setarea rezumatului zilnic', en: 'Daily digest setting', pl: 'Ustawienie podsumowania dziennego' },
  'arbiter-cases': { ro: 'Cazuri pentru arbitru', en: 'Cases for the arbiter', pl: 'Sprawy dla sędziego' },
  'command-help': { ro: 'Ajutor pentru comenzi', en: 'Command help', pl: 'Pomoc: polecenia' },
  'magic-link': { ro: 'Legătură de autentificare', en: 'Login link', pl: 'Link do logowania' },
  'address-confirmation': { ro: 'Confirmarea adresei', en: 'Address confirmation', pl: 'Potwierdzenie adresu' },
  'address-added': { ro: 'Adresă adăugată', en: 'Address added', pl: 'Adres dodany' },
  'account-join': { ro: 'Cerere de alăturare a contului', en: 'Account join request', pl: 'Prośba o połączenie kont' },
  'account-changed': { ro: 'Cont schimbat', en: 'Account changed', pl: 'Konto zmienione' },
  'identity-changed': { ro: 'Date personale schimbate', en: 'Personal details changed', pl: 'Dane osobowe zmienione' },
  'rejection-game-finished': { ro: 'Refuz: partida s-a încheiat', en: 'Refused: the game is over', pl: 'Odrzucono: partia się zakończyła' },
  'rejection-not-your-turn': { ro: 'Refuz: nu este rândul jucătorului', en: 'Refused: not their turn', pl: 'Odrzucono: nie jego ruch' },
  'rejection-stale-token': {
    ro: 'Refuz: răspuns la un mesaj vechi',
    en: 'Refused: reply to an old mail',
    pl: 'Odrzucono: odpowiedź na starą wiadomość',
  },
  'rejection-too-large': { ro: 'Refuz: mesaj prea mare', en: 'Refused: mail too large', pl: 'Odrzucono: wiadomość za duża' },
  'rejection-unknown-token': {
    ro: 'Refuz: adresă de răspuns necunoscută',
    en: 'Refused: unknown reply address',
    pl: 'Odrzucono: nieznany adres odpowiedzi',
  },
  'rejection-wrong-sender': { ro: 'Refuz: expeditor necunoscut', en: 'Refused: unknown sender', pl: 'Odrzucono: nieznany nadawca' },
};

const OTHER: Readonly<Record<WebLanguage, string>> = { ro: 'Alt mesaj', en: 'Another mail', pl: 'Inna wiadomość' };

/** The name a person reads for an outbox template code. */
export function mailTemplateName(template: string, lang: WebLanguage): string {
  return NAMES[template]?.[lang] ?? OTHER[lang];
}

/** Every code named, for the tests. */
export const NAMED_MAIL_TEMPLATES: readonly string[] = Object.keys(NAMES);

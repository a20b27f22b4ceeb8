// Why a mail was not used, as the arbiter's inbox view says it (docs/web.md "Arbiter's panel",
// `/arbiter/mail`): the pipeline keeps a code (docs/mail-rules.md 11); a person reads a sentence.
import { inLanguage } from '../../common/bilingual';
import type { Bilingual } from '../../common/bilingual';

const REASONS: Readonly<Record<string, Bilingual>> = {
  TOO_LARGE: { ro: 'mesaj prea mare', en: 'message too large', pl: 'wiadomość za duża' },
  MALFORMED: { ro: 'mesaj care nu a putut fi citit', en: 'message that could not be read', pl: 'wiadomość, której nie dało się odczytać' },
  NO_FROM: { ro: 'fără expeditor', en: 'no sender', pl: 'brak nadawcy' },
  OWN_ADDRESS: { ro: 'trimis de la adresa platformei', en: "sent from the platform's own address", pl: 'wysłana z adresu samej platformy' },
  AUTO_REPLY: {
    ro: 'răspuns automat (absență, confirmare de livrare)',
    en: 'automatic reply (out of office, delivery notice)',
    pl: 'odpowiedź automatyczna (nieobecność, potwierdzenie doręczenia)',
  },
  BOUNCE: {
    ro: 'mesaj returnat: adresa nu primește e-mail',
    en: 'bounced: the address takes no mail',
    pl: 'zwrot: adres nie przyjmuje poczty',
  },
  FORGED_BOUNCE: { ro: 'mesaj returnat fals', en: 'forged bounce', pl: 'fałszywy zwrot' },
  UNKNOWN_TOKEN: {
    ro: 'răspuns la un e-mail pe care platforma nu îl recunoaște',
    en: 'a reply to a mail the platform does not know',
    pl: 'odpowiedź na wiadomość, której platforma nie zna',
  },
  WRONG_SENDER: {
    ro: 'trimis de la o adresă neînregistrată a jucătorului',
    en: 'sent from an address not registered for the player',
    pl: 'wysłana z adresu, którego gracz nie zarejestrował',
  },
  STALE_TOKEN: {
    ro: 'răspuns la un e-mail mai vechi: partida a mers mai departe',
    en: 'a reply to an older mail: the game had moved on',
    pl: 'odpowiedź na starszą wiadomość: partia poszła już dalej',
  },
  GAME_FINISHED: { ro: 'partida se încheiase', en: 'the game had ended', pl: 'partia była już zakończona' },
  GAME_OVER: { ro: 'partida se încheiase', en: 'the game had ended', pl: 'partia była już zakończona' },
  NO_COMMAND: {
    ro: 'nicio mutare sau comandă în răspuns',
    en: 'no move or command in the reply',
    pl: 'w odpowiedzi nie było ruchu ani polecenia',
  },
  SEVERAL_COMMANDS: {
    ro: 'mai multe comenzi într-un singur răspuns',
    en: 'several commands in one reply',
    pl: 'kilka poleceń w jednej odpowiedzi',
  },
  BAD_MOVE: { ro: 'mutare scrisă greșit', en: 'a move written wrongly', pl: 'błędnie zapisany ruch' },
  BAD_ARGUMENT: { ro: 'comandă cu o valoare greșită', en: 'a command with a wrong value', pl: 'polecenie z błędną wartością' },
  INCOMPLETE: { ro: 'comandă incompletă', en: 'an incomplete command', pl: 'niepełne polecenie' },
  DMARC_HELD: {
    ro: 'mutare reținută până la confirmarea jucătorului (DMARC)',
    en: 'move held until the player confirms it (DMARC)',
    pl: 'ruch wstrzymany do potwierdzenia przez gracza (DMARC)',
  },
  UNREADABLE_HTML: {
    ro: 'mesaj HTML care nu a putut fi citit',
    en: 'an HTML message that could not be read',
    pl: 'wiadomość HTML, której nie dało się odczytać',
  },
  DUPLICATE: { ro: 'același mesaj primit din nou', en: 'the same message received again', pl: 'ta sama wiadomość otrzymana ponownie' },
  NOT_YOUR_TURN: { ro: 'nu era rândul jucătorului', en: "it was not the player's move", pl: 'to nie był ruch tego gracza' },
  ALREADY_PLAYED: {
    ro: 'mutarea acestui tur fusese deja primită',
    en: 'the move of this round had already come',
    pl: 'ruch w tej kolejce już wcześniej nadszedł',
  },
  DISPUTE_OPEN: {
    ro: 'mutarea jucătorului era contestată: trebuia recunoscută sau dusă la arbitru',
    en: "the player's move was contested: to be admitted or appealed first",
    pl: 'ruch gracza był zakwestionowany: najpierw trzeba było uznać błąd albo odwołać się do sędziego',
  },
  NOT_STARTED: { ro: 'trimis înainte de începutul partidei', en: 'sent before the game started', pl: 'wysłana przed rozpoczęciem partii' },
  BAD_INPUT: { ro: 'mutare neregulamentară', en: 'a move against the rules', pl: 'ruch niezgodny z zasadami' },
  TILES_NOT_IN_RACK: { ro: 'piese care nu sunt pe suport', en: 'tiles not on the rack', pl: 'płytki, których nie ma na stojaku' },
  CONTEST_TOO_LATE: { ro: 'contestație trimisă prea târziu', en: 'a contest sent too late', pl: 'zakwestionowanie wysłane za późno' },
  NOTHING_TO_CONTEST: { ro: 'nimic de contestat', en: 'nothing to contest', pl: 'nie ma czego kwestionować' },
  NO_DISPUTE: {
    ro: 'nicio contestație la care să se răspundă',
    en: 'no contest to answer',
    pl: 'brak zakwestionowania, na które można odpowiedzieć',
  },
  NO_OFFER: { ro: 'nicio ofertă la care să se răspundă', en: 'no offer to answer', pl: 'brak propozycji, na którą można odpowiedzieć' },
  OFFER_OPEN: {
    ro: 'o ofertă aștepta deja răspuns',
    en: 'an offer was already waiting for an answer',
    pl: 'propozycja już czekała na odpowiedź',
  },
  OFFER_PENDING: {
    ro: 'o ofertă aștepta deja răspuns',
    en: 'an offer was already waiting for an answer',
    pl: 'propozycja już czekała na odpowiedź',
  },
  OFFER_TOO_SOON: { ro: 'ofertă repetată prea curând', en: 'an offer repeated too soon', pl: 'propozycja ponowiona zbyt wcześnie' },
  HOLIDAY_REFUSED: { ro: 'concediu refuzat de regulament', en: 'a holiday the rules refuse', pl: 'urlop niezgodny z regulaminem' },
  LONG_THINKING_REFUSED: {
    ro: 'gândire lungă refuzată de regulament',
    en: 'long thinking the rules refuse',
    pl: 'dłuższy namysł niezgodny z regulaminem',
  },
  LINE_REQUIRED: {
    ro: 'lipsea linia (A sau B) a mutării',
    en: "the move's line (A or B) was missing",
    pl: 'brakowało wariantu ruchu (A albo B)',
  },
  UNKNOWN_LINE: { ro: 'linie necunoscută', en: 'an unknown line', pl: 'nieznany wariant' },
  LINE_ANNULLED: { ro: 'linia fusese anulată', en: 'the line had been annulled', pl: 'wariant został unieważniony' },
  NOT_ALLOWED_NOW: {
    ro: 'nepermis în acest moment al partidei',
    en: 'not allowed at this point of the game',
    pl: 'niedozwolone na tym etapie partii',
  },
  DECLARATION_NOT_YET: { ro: 'declarație trimisă prea devreme', en: 'a declaration sent too early', pl: 'zgłoszenie wysłane za wcześnie' },
  DECLARATION_TOO_LATE: { ro: 'declarație trimisă prea târziu', en: 'a declaration sent too late', pl: 'zgłoszenie wysłane za późno' },
  CONFIRMATION_WINDOW_CLOSED: {
    ro: 'termenul de confirmare trecuse',
    en: 'the confirmation window had closed',
    pl: 'minął termin potwierdzenia',
  },
  BAD_NOTE: { ro: 'notă prea lungă', en: 'a note too long', pl: 'za długa notatka' },
  BAD_CONDITIONAL: {
    ro: 'mutări condiționate scrise greșit',
    en: 'conditional moves written wrongly',
    pl: 'błędnie zapisane ruchy warunkowe',
  },
};

/** The reason in the reader's language; a code not listed reads as a refusal under the rules (the player's mail named it). */
export function mailReason(code: string | null, lang: keyof Bilingual): string | null {
  if (code === null) return null;
  return inLanguage(
    REASONS[code] ?? {
      ro: 'refuzat după regulament (jucătorul a primit motivul prin e-mail)',
      en: 'refused under the rules (the player was told why by mail)',
      pl: 'odrzucone zgodnie z regulaminem (gracz dostał uzasadnienie mailem)',
    },
    lang,
  );
}

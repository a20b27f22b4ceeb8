// Why a mail was not used, as the arbiter's inbox view says it (docs/web.md "Arbiter's panel",
// `/arbiter/mail`): the pipeline keeps a code (docs/mail-rules.md 11); a person reads a sentence.
import type { Bilingual } from '../../common/bilingual';

const REASONS: Readonly<Record<string, Bilingual>> = {
  TOO_LARGE: { ro: 'mesaj prea mare', en: 'message too large' },
  MALFORMED: { ro: 'mesaj care nu a putut fi citit', en: 'message that could not be read' },
  NO_FROM: { ro: 'fără expeditor', en: 'no sender' },
  OWN_ADDRESS: { ro: 'trimis de la adresa platformei', en: "sent from the platform's own address" },
  AUTO_REPLY: { ro: 'răspuns automat (absență, confirmare de livrare)', en: 'automatic reply (out of office, delivery notice)' },
  BOUNCE: { ro: 'mesaj returnat: adresa nu primește e-mail', en: 'bounced: the address takes no mail' },
  FORGED_BOUNCE: { ro: 'mesaj returnat fals', en: 'forged bounce' },
  UNKNOWN_TOKEN: { ro: 'răspuns la un e-mail pe care platforma nu îl recunoaște', en: 'a reply to a mail the platform does not know' },
  WRONG_SENDER: { ro: 'trimis de la o adresă neînregistrată a jucătorului', en: 'sent from an address not registered for the player' },
  STALE_TOKEN: { ro: 'răspuns la un e-mail mai vechi: partida a mers mai departe', en: 'a reply to an older mail: the game had moved on' },
  GAME_FINISHED: { ro: 'partida se încheiase', en: 'the game had ended' },
  GAME_OVER: { ro: 'partida se încheiase', en: 'the game had ended' },
  NO_COMMAND: { ro: 'nicio mutare sau comandă în răspuns', en: 'no move or command in the reply' },
  SEVERAL_COMMANDS: { ro: 'mai multe comenzi într-un singur răspuns', en: 'several commands in one reply' },
  BAD_MOVE: { ro: 'mutare scrisă greșit', en: 'a move written wrongly' },
  BAD_ARGUMENT: { ro: 'comandă cu o valoare greșită', en: 'a command with a wrong value' },
  INCOMPLETE: { ro: 'comandă incompletă', en: 'an incomplete command' },
  DMARC_HELD: { ro: 'mutare reținută până la confirmarea jucătorului (DMARC)', en: 'move held until the player confirms it (DMARC)' },
  UNREADABLE_HTML: { ro: 'mesaj HTML care nu a putut fi citit', en: 'an HTML message that could not be read' },
  DUPLICATE: { ro: 'același mesaj primit din nou', en: 'the same message received again' },
  NOT_YOUR_TURN: { ro: 'nu era rândul jucătorului', en: "it was not the player's move" },
  ALREADY_PLAYED: { ro: 'mutarea acestui tur fusese deja primită', en: 'the move of this round had already come' },
  DISPUTE_OPEN: {
    ro: 'mutarea jucătorului era contestată: trebuia recunoscută sau dusă la arbitru',
    en: "the player's move was contested: to be admitted or appealed first",
  },
  NOT_STARTED: { ro: 'trimis înainte de începutul partidei', en: 'sent before the game started' },
  BAD_INPUT: { ro: 'mutare neregulamentară', en: 'a move against the rules' },
  TILES_NOT_IN_RACK: { ro: 'piese care nu sunt pe suport', en: 'tiles not on the rack' },
  CONTEST_TOO_LATE: { ro: 'contestație trimisă prea târziu', en: 'a contest sent too late' },
  NOTHING_TO_CONTEST: { ro: 'nimic de contestat', en: 'nothing to contest' },
  NO_DISPUTE: { ro: 'nicio contestație la care să se răspundă', en: 'no contest to answer' },
  NO_OFFER: { ro: 'nicio ofertă la care să se răspundă', en: 'no offer to answer' },
  OFFER_OPEN: { ro: 'o ofertă aștepta deja răspuns', en: 'an offer was already waiting for an answer' },
  OFFER_PENDING: { ro: 'o ofertă aștepta deja răspuns', en: 'an offer was already waiting for an answer' },
  OFFER_TOO_SOON: { ro: 'ofertă repetată prea curând', en: 'an offer repeated too soon' },
  HOLIDAY_REFUSED: { ro: 'concediu refuzat de regulament', en: 'a holiday the rules refuse' },
  LONG_THINKING_REFUSED: { ro: 'gândire lungă refuzată de regulament', en: 'long thinking the rules refuse' },
  LINE_REQUIRED: { ro: 'lipsea linia (A sau B) a mutării', en: "the move's line (A or B) was missing" },
  UNKNOWN_LINE: { ro: 'linie necunoscută', en: 'an unknown line' },
  LINE_ANNULLED: { ro: 'linia fusese anulată', en: 'the line had been annulled' },
  NOT_ALLOWED_NOW: { ro: 'nepermis în acest moment al partidei', en: 'not allowed at this point of the game' },
  DECLARATION_NOT_YET: { ro: 'declarație trimisă prea devreme', en: 'a declaration sent too early' },
  DECLARATION_TOO_LATE: { ro: 'declarație trimisă prea târziu', en: 'a declaration sent too late' },
  CONFIRMATION_WINDOW_CLOSED: { ro: 'termenul de confirmare trecuse', en: 'the confirmation window had closed' },
  BAD_NOTE: { ro: 'notă prea lungă', en: 'a note too long' },
  BAD_CONDITIONAL: { ro: 'mutări condiționate scrise greșit', en: 'conditional moves written wrongly' },
};

/** The reason in the reader's language; a code not listed reads as a refusal under the rules (the player's mail named it). */
export function mailReason(code: string | null, lang: keyof Bilingual): string | null {
  if (code === null) return null;
  return (REASONS[code] ?? {
    ro: 'refuzat după regulament (jucătorul a primit motivul prin e-mail)',
    en: 'refused under the rules (the player was told why by mail)',
  })[lang];
}

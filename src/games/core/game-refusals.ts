// Every way the games service says no: a stable code, the reason in
// Romanian, English and Polish, the HTTP status the API gives it. Thrown inside the action's
// transaction, a refusal rolls everything back: a refused request changes nothing.
import { formatDayFor } from '../../common/day-format';
import type { Actor } from '../../auth/core/actor';
import { canSeeGame, type CompetitionAuthority } from '../../auth/core/permissions';
import { Refusal } from '../../common/refusal';
import type { HolidayRefusal } from '../../thinking-time/core';
import type { Bilingual, EngineError } from '../../engine';

export const refusals = {
  unknownGame: (id: string) =>
    new Refusal('UNKNOWN_GAME', { ro: `Partida ${id} nu există.`, en: `There is no game ${id}.`, pl: `Nie ma partii ${id}.` }, 404),

  unknownCompetition: (id: string) =>
    new Refusal(
      'UNKNOWN_COMPETITION',
      { ro: `Competiția ${id} nu există.`, en: `There is no competition ${id}.`, pl: `Nie ma rozgrywek ${id}.` },
      404,
    ),

  unknownPlayer: (id: string) =>
    new Refusal(
      'UNKNOWN_PLAYER',
      {
        ro: `Jucătorul ${id} nu există în această competiție.`,
        en: `There is no player ${id} in this competition.`,
        pl: `W tych rozgrywkach nie ma gracza ${id}.`,
      },
      404,
    ),

  /** To someone who sees the game (its arbiter) but does not play in it. */
  notYourGame: () =>
    new Refusal(
      'NOT_YOUR_GAME',
      { ro: 'Nu jucați în această partidă.', en: 'You do not play in this game.', pl: 'Nie grasz w tej partii.' },
      403,
    ),

  /**
   * Whoever may not see the game at all is answered exactly as for an unknown
   * one (same status, code and words), so a game's id tells a stranger nothing; whoever
   * sees it (its players, its arbiter) is told why not.
   */
  unlessSeen: (
    actor: Actor,
    game: { readonly id: string; readonly redPlayerId: string; readonly bluePlayerId: string },
    competition: CompetitionAuthority,
    because: Refusal,
  ): Refusal => (canSeeGame(actor, { ...game, competitionArbiterId: competition.arbiterUserId }) ? because : refusals.unknownGame(game.id)),

  notArbiter: () =>
    new Refusal(
      'FORBIDDEN',
      {
        ro: 'Doar arbitrul competiției poate face aceasta, și niciodată într-o partidă în care joacă.',
        en: "Only the competition's arbiter may do this, and never in a game they play in.",
        pl: 'Może to zrobić tylko sędzia rozgrywek i nigdy w partii, w której sam gra.',
      },
      403,
    ),

  notStarted: (startedOn: string) =>
    new Refusal(
      'NOT_STARTED',
      {
        ro: `Partida începe la ${formatDayFor('ro', startedOn)}.`,
        en: `The game starts on ${formatDayFor('en', startedOn)}.`,
        pl: `Partia zaczyna się ${formatDayFor('pl', startedOn)}.`,
      },
      409,
    ),

  unknownConditional: (id: string) =>
    new Refusal(
      'UNKNOWN_CONDITIONAL',
      { ro: `Mutarea condiționată ${id} nu există.`, en: `There is no conditional reply ${id}.`, pl: `Nie ma ruchu warunkowego ${id}.` },
      404,
    ),

  notYourTurn: () =>
    new Refusal(
      'NOT_YOUR_TURN',
      { ro: 'Nu este rândul dumneavoastră la mutare.', en: 'It is not your turn to move.', pl: 'To nie Twoja kolej na ruch.' },
      409,
    ),

  alreadyPlayed: (turn: number) =>
    new Refusal(
      'ALREADY_PLAYED',
      {
        ro: `Mutarea pentru turul ${turn} a fost deja făcută; partida a mers mai departe.`,
        en: `The move for turn ${turn} has already been made; the game has moved on.`,
        pl: `Ruch w kolejce ${turn} został już wykonany; partia poszła dalej.`,
      },
      409,
    ),

  gameOver: () =>
    new Refusal(
      'GAME_OVER',
      {
        ro: 'Partida s-a încheiat: nu se mai pot face mutări.',
        en: 'The game is over: no more moves can be made.',
        pl: 'Partia się zakończyła: nie można już wykonywać ruchów.',
      },
      409,
    ),

  lineAnnulled: (line: string) =>
    new Refusal(
      'LINE_ANNULLED',
      {
        ro: `Varianta ${line} a fost anulată prin decizia arbitrului; partida continuă doar în varianta păstrată.`,
        en: `Line ${line} was annulled by the arbiter's ruling; the game goes on in the kept line only.`,
        pl: `Wariant ${line} został unieważniony decyzją sędziego; partia toczy się dalej tylko w zachowanym wariancie.`,
      },
      409,
    ),

  unknownLine: (line: string) =>
    new Refusal(
      'UNKNOWN_LINE',
      { ro: `Partida nu are varianta ${line}.`, en: `The game has no line ${line}.`, pl: `Partia nie ma wariantu ${line}.` },
      400,
    ),

  lineRequired: (labels: readonly string[]) =>
    new Refusal(
      'LINE_REQUIRED',
      {
        ro: `Partida se joacă în două variante până la decizia arbitrului: trimiteți câte o mutare pentru fiecare (${labels.join(', ')}).`,
        en: `The game is played in two lines until the arbiter rules: send one move for each (${labels.join(', ')}).`,
        pl: `Do decyzji sędziego partia toczy się w dwóch wariantach: wyślij po jednym ruchu dla każdego (${labels.join(', ')}).`,
      },
      400,
    ),

  illegalMove: (error: EngineError, line?: string) =>
    new Refusal(
      error.code,
      line
        ? {
            ro: `Varianta ${line}: ${error.message.ro}`,
            en: `Line ${line}: ${error.message.en}`,
            pl: `Wariant ${line}: ${error.message.pl}`,
          }
        : error.message,
      400,
    ),

  /** A game record whose replay the rules core refuses: its code, and the move it stopped at. */
  recordRefused: (error: { readonly code: string; readonly messages: Bilingual; readonly move?: number }) =>
    new Refusal(
      error.code,
      error.move === undefined
        ? error.messages
        : {
            ro: `Mutarea ${error.move}: ${error.messages.ro}`,
            en: `Move ${error.move}: ${error.messages.en}`,
            pl: `Ruch ${error.move}: ${error.messages.pl}`,
          },
      400,
      error.move === undefined ? undefined : { move: error.move },
    ),

  holidayRefused: (refusal: HolidayRefusal) => new Refusal('HOLIDAY_REFUSED', refusal.message, 400, { reason: refusal.code }),

  longThinkingRefused: (days: number, left: number) =>
    new Refusal(
      'LONG_THINKING_REFUSED',
      {
        ro: `Anunțul de gândire îndelungată este pentru mai mult de 10 zile, în limita timpului rămas (${left} zile); ${days} nu se încadrează.`,
        en: `A long-thinking notice is for more than 10 days, within the time left (${left} days); ${days} is not.`,
        pl: `Zapowiedź długiego namysłu dotyczy więcej niż 10 dni, w granicach pozostałego czasu (${left} dni); ${days} się nie mieści.`,
      },
      400,
      { left },
    ),

  noOffer: () =>
    new Refusal(
      'NO_OFFER',
      {
        ro: 'Nu există nicio ofertă a partenerului la care să răspundeți.',
        en: 'There is no offer from your partner to answer.',
        pl: 'Nie ma propozycji partnera, na którą można odpowiedzieć.',
      },
      409,
    ),

  offerPending: () =>
    new Refusal(
      'OFFER_PENDING',
      {
        ro: 'Oferta dumneavoastră așteaptă deja răspunsul partenerului.',
        en: 'Your offer is already waiting for your partner.',
        pl: 'Twoja propozycja już czeka na odpowiedź partnera.',
      },
      409,
    ),

  contestTooLate: () =>
    new Refusal(
      'CONTEST_TOO_LATE',
      {
        ro: 'Contestația se trimite odată cu răspunsul la mutarea contestată; ați răspuns deja fără a contesta, deci mutarea a fost acceptată.',
        en: 'A contest travels with the reply to the contested move; you already replied without contesting, so the move stands.',
        pl: 'Zakwestionowanie wysyła się razem z odpowiedzią na kwestionowany ruch; odpowiedź bez zakwestionowania już wysłano, więc ruch został przyjęty.',
      },
      409,
    ),

  nothingToContest: () =>
    new Refusal(
      'NOTHING_TO_CONTEST',
      {
        ro: 'Ultima mutare a partenerului nu a format niciun cuvânt.',
        en: "Your partner's last move formed no word.",
        pl: 'Ostatni ruch partnera nie utworzył żadnego wyrazu.',
      },
      409,
    ),

  wordNotInMove: (word: string, formed: readonly string[]) =>
    new Refusal(
      'WORD_NOT_IN_MOVE',
      {
        ro: `Cuvântul „${word}” nu a fost format de mutarea contestată (a format: ${formed.join(', ')}).`,
        en: `The word "${word}" was not formed by the contested move (it formed: ${formed.join(', ')}).`,
        pl: `Wyraz „${word}” nie został utworzony zakwestionowanym ruchem (utworzył: ${formed.join(', ')}).`,
      },
      400,
    ),

  disputeOpen: () =>
    new Refusal(
      'DISPUTE_OPEN',
      {
        ro: 'În această partidă există deja o contestație deschisă; se poate deschide alta doar după ce aceasta este rezolvată.',
        en: 'This game already has an open dispute; another can be opened only once it is settled.',
        pl: 'W tej partii jest już otwarte zakwestionowanie; kolejne można zgłosić dopiero po jego rozstrzygnięciu.',
      },
      409,
    ),

  disputeAwaitsAnswer: () =>
    new Refusal(
      'DISPUTE_OPEN',
      {
        ro: 'Mutarea dumneavoastră este contestată: recunoașteți greșeala (cu o mutare nouă) sau cereți decizia arbitrului.',
        en: 'Your move is contested: admit it (with a new move) or appeal to the arbiter.',
        pl: 'Twój ruch został zakwestionowany: uznaj zakwestionowanie (nowym ruchem) albo odwołaj się do sędziego.',
      },
      409,
    ),

  noDispute: () =>
    new Refusal(
      'NO_DISPUTE',
      {
        ro: 'Nu există nicio contestație la care să răspundeți.',
        en: 'There is no contest to answer.',
        pl: 'Nie ma zakwestionowania, na które można odpowiedzieć.',
      },
      409,
    ),

  keyReused: () =>
    new Refusal(
      'IDEMPOTENCY_KEY_REUSED',
      {
        ro: 'Această cheie a fost folosită deja pentru o altă acțiune.',
        en: 'This idempotency key was already used for another action.',
        pl: 'Ten klucz idempotencji został już użyty do innej czynności.',
      },
      409,
    ),

  reasonRequired: () =>
    new Refusal(
      'REASON_REQUIRED',
      {
        ro: 'Decizia arbitrului trebuie motivată.',
        en: "The arbiter's decision needs a reason.",
        pl: 'Decyzja sędziego wymaga uzasadnienia.',
      },
      400,
    ),

  badInput: (en: string, ro: string, pl: string) => new Refusal('BAD_INPUT', { ro, en, pl }, 400),

  notAllowedNow: (en: string, ro: string, pl: string) => new Refusal('NOT_ALLOWED_NOW', { ro, en, pl }, 409),

  /** docs/rules.md §13: the challenge, walkover and 50-point penalty belong to the PFS's rules. */
  notPfsRules: (what: Bilingual) =>
    new Refusal(
      'NOT_PFS_RULES',
      {
        ro: `${what.ro} există doar în competițiile cu regulile PFS; aici se joacă după regulile FRSc.`,
        en: `${what.en} exists only in competitions under the PFS rules; this one plays by the FRSc rules.`,
        pl: `${what.pl} istnieje tylko w rozgrywkach według zasad PFS; te rozgrywki toczą się według zasad FRSc.`,
      },
      409,
    ),

  /** docs/rules.md §6, §13: the two-line contest is the FRSc's; a PFS competition checks words instead. */
  frscOnly: (what: Bilingual) =>
    new Refusal(
      'NOT_FRSC_RULES',
      {
        ro: `${what.ro} există doar în competițiile cu regulile FRSc; aici se joacă după regulile PFS (verificarea „Sprawdzam”).`,
        en: `${what.en} exists only in competitions under the FRSc rules; this one plays by the PFS rules (the "Sprawdzam" check).`,
        pl: `${what.pl} istnieje tylko w rozgrywkach według zasad FRSc; te rozgrywki toczą się według zasad PFS (sprawdzenie „Sprawdzam”).`,
      },
      409,
    ),

  /** docs/rules.md §13 [P 4.7.1, 4.7.5]: a move is checked before its opponent answers it, never after. */
  challengeTooLate: () =>
    new Refusal(
      'CHALLENGE_TOO_LATE',
      {
        ro: 'Verificarea se cere înainte de a răspunde la mutare; ați răspuns deja, deci mutarea a fost acceptată.',
        en: 'A check is asked before you answer the move; you have already answered it, so the move stands.',
        pl: 'Sprawdzenie zgłasza się przed odpowiedzią na ruch; odpowiedź już wysłano, więc ruch został przyjęty.',
      },
      409,
    ),

  nothingToChallenge: () =>
    new Refusal(
      'NOTHING_TO_CHALLENGE',
      {
        ro: 'Ultima mutare a partenerului nu a format niciun cuvânt de verificat.',
        en: "Your partner's last move formed no word to check.",
        pl: 'Ostatni ruch partnera nie utworzył żadnego wyrazu do sprawdzenia.',
      },
      409,
    ),

  /** docs/rules.md §13 [P 4.7.3]: one check per move, its words fixed once asked. */
  alreadyChallenged: () =>
    new Refusal(
      'ALREADY_CHALLENGED',
      {
        ro: 'Această mutare a fost deja verificată; verificarea nu se repetă și setul de cuvinte nu se mai schimbă.',
        en: 'This move has already been checked; a check is not repeated and its words no longer change.',
        pl: 'Ten ruch został już sprawdzony; sprawdzenia się nie powtarza, a zestaw wyrazów już się nie zmienia.',
      },
      409,
    ),

  noWordList: () =>
    new Refusal(
      'NO_WORD_LIST',
      {
        ro: 'Lista oficială de cuvinte a competiției nu este disponibilă; anunțați arbitrul.',
        en: "The competition's official word list is not available; tell the arbiter.",
        pl: 'Oficjalny słownik rozgrywek jest niedostępny; powiadom sędziego.',
      },
      409,
    ),
};

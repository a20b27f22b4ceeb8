// The audit log and the rulings as a person reads them: each action a
// sentence in the page's language (Romanian, English or Polish) naming who and what, with its details (reason, words,
// moves, days); never the stored dotted name or raw JSON. Pure: an entry and the names of
// the game's players in, a sentence out. An action not listed reads "Another action".
import type { Color } from '../../engine/types';
import { caseKindName, rulingEffects, rulingKindName } from '../../games/core/ruling-effects';
import { SETTING_NAMES, settingValueText, type SettingKey } from '../../competitions/core/setting-names';
import type { WebLanguage } from '../web-request';
import { formatDayFor } from '../../common/day-format';

type Details = Readonly<Record<string, unknown>>;
type Bi = Readonly<Record<WebLanguage, string>>;

export interface AuditNames {
  /** The players of the entry's game by colour, when it has one. */
  readonly game?: Readonly<Record<Color, string>>;
  /** Any player by id (a withdrawal, an update, an anonymisation). */
  readonly players: ReadonlyMap<string, string>;
  /** The player who acted, when a player did: the subject of their own declarations and requests. */
  readonly actor?: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const color = (v: unknown): Color | undefined => (v === 'red' || v === 'blue' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const COLOR_WORD: Record<WebLanguage, Record<Color, string>> = {
  ro: { red: 'ROȘU', blue: 'ALBASTRU' },
  en: { red: 'RED', blue: 'BLUE' },
  pl: { red: 'CZERWONY', blue: 'NIEBIESKI' },
};
const ROLE: Record<string, Bi> = {
  player: { ro: 'jucător', en: 'player', pl: 'gracz' },
  arbiter: { ro: 'arbitru', en: 'arbiter', pl: 'sędzia' },
  admin: { ro: 'administrator', en: 'administrator', pl: 'administrator' },
  system: { ro: 'platforma', en: 'the platform', pl: 'platforma' },
};
const OFFER: Record<string, Bi> = {
  draw: { ro: 'remiză', en: 'a draw', pl: 'remis' },
  interrupt: { ro: 'întrerupere', en: 'an interruption', pl: 'przerwanie' },
};

/** The role an action was done in, in words. */
export function roleText(role: string, lang: WebLanguage): string {
  return ROLE[role]?.[lang] ?? ({ ro: 'altcineva', en: 'someone else', pl: 'ktoś inny' } as const)[lang];
}

/** The kind of a ruling, in words. */
export function rulingKindText(kind: string, lang: WebLanguage): string {
  return rulingKindName(kind, lang);
}

/** A ruling's details in sentences (the ruling mail's own list), joined. */
export function rulingDetailsText(kind: string, details: Details, lang: WebLanguage, names: Readonly<Record<Color, string>>): string {
  return rulingEffects(kind, details, lang, names).join(' ');
}

function playerName(d: Details, names: AuditNames, lang: WebLanguage): string {
  const c = color(d.color);
  if (c && names.game) return `${names.game[c]} (${COLOR_WORD[lang][c]})`;
  if (c) return COLOR_WORD[lang][c];
  const id = str(d.playerId);
  return (id && names.players.get(id)) || names.actor || ({ ro: 'un jucător', en: 'a player', pl: 'bez nazwiska' } as const)[lang];
}

/** Each changed setting in words, its value before and after (`competition.updated`). */
function settingChanges(details: Details, lang: WebLanguage): string {
  const side = (v: unknown): Details => (typeof v === 'object' && v !== null ? (v as Details) : {});
  const [before, after] = [side(details.before), side(details.after)];
  return strings(details.changed)
    .filter((k): k is SettingKey => Object.hasOwn(SETTING_NAMES, k))
    .map((k) => `${SETTING_NAMES[k][lang]}: ${settingValueText(k, before[k], lang)} → ${settingValueText(k, after[k], lang)}`)
    .join('; ');
}

/** The sentence of one action, with its details. */
export function auditSentence(action: string, details: Details, lang: WebLanguage, names: AuditNames): string {
  const ro = lang === 'ro';
  const t = (text: Bi): string => text[lang];
  const who = playerName(details, names, lang);
  const words = strings(details.words).join(', ');
  const offer = OFFER[str(details.kind)]?.[lang] ?? '';
  const caseKind = caseKindName(str(details.kind), lang);
  const moves = Array.isArray(details.moves)
    ? details.moves
        .map((m) => str((m as Details)?.notation))
        .filter(Boolean)
        .join('; ')
    : '';
  const days = num(details.days);
  const main = ((): string => {
    switch (action) {
      case 'move.submitted':
        return t({
          ro: `${who} a mutat${moves ? `: ${moves}` : ''}.`,
          en: `${who} moved${moves ? `: ${moves}` : ''}.`,
          pl: `Gracz ${who} wykonał ruch${moves ? `: ${moves}` : ''}.`,
        });
      case 'move.recorded-by-arbiter':
        return t({
          ro: `Arbitrul a înregistrat mutarea lui ${who}${moves ? `: ${moves}` : ''}.`,
          en: `The arbiter recorded ${who}'s move${moves ? `: ${moves}` : ''}.`,
          pl: `Sędzia zapisał ruch gracza ${who}${moves ? `: ${moves}` : ''}.`,
        });
      case 'move.review_requested':
        return t({
          ro: `Mutare refuzată trimisă arbitrului spre revizuire${str(details.notation) ? `: ${str(details.notation)}` : ''}.`,
          en: `A refused move was sent to the arbiter for review${str(details.notation) ? `: ${str(details.notation)}` : ''}.`,
          pl: `Odrzucony ruch przekazano sędziemu do sprawdzenia${str(details.notation) ? `: ${str(details.notation)}` : ''}.`,
        });
      case 'holiday.declared': {
        const from = formatDayFor(lang, str(details.from));
        const to = formatDayFor(lang, str(details.to));
        const days = from && to ? ` ${from} – ${to}` : '';
        return t({
          ro: `${who} și-a declarat concediul${days}.`,
          en: `${who} declared a holiday${days}.`,
          pl: `Gracz ${who} zgłosił urlop${days}.`,
        });
      }
      case 'long-thinking.announced':
        return t({
          ro: `${who} a anunțat gândire lungă${days ? ` (${days} zile)` : ''}.`,
          en: `${who} announced long thinking${days ? ` (${days} days)` : ''}.`,
          pl: `Gracz ${who} zapowiedział długi namysł${days ? ` (${days} dni)` : ''}.`,
        });
      case 'claim.made':
        return t({
          ro: `${who} a reclamat depășirea timpului de gândire al partenerului${num(details.daysUsed) ? ` (${num(details.daysUsed)} zile folosite)` : ''}.`,
          en: `${who} claimed the partner ran out of thinking time${num(details.daysUsed) ? ` (${num(details.daysUsed)} days used)` : ''}.`,
          pl: `Gracz ${who} zgłosił przekroczenie czasu na namysł przez partnera${num(details.daysUsed) ? ` (wykorzystane dni: ${num(details.daysUsed)})` : ''}.`,
        });
      case 'claim.answered':
        return t({
          ro: `${who} a răspuns la reclamația de timp.`,
          en: `${who} answered the time claim.`,
          pl: `Gracz ${who} odpowiedział na zgłoszenie przekroczenia czasu.`,
        });
      case 'offer.made':
        return t({
          ro: `${who} a propus ${offer || 'o înțelegere'}.`,
          en: `${who} offered ${offer || 'an agreement'}.`,
          pl: `Gracz ${who} zaproponował ${offer || 'porozumienie'}.`,
        });
      case 'offer.accepted':
        return t({
          ro: `${who} a acceptat propunerea de ${offer || 'înțelegere'}.`,
          en: `${who} accepted the offer of ${offer || 'an agreement'}.`,
          pl: `Gracz ${who} przyjął propozycję: ${offer || 'porozumienie'}.`,
        });
      case 'offer.declined':
        return t({
          ro: `${who} a refuzat propunerea de ${offer || 'înțelegere'}.`,
          en: `${who} declined the offer of ${offer || 'an agreement'}.`,
          pl: `Gracz ${who} odrzucił propozycję: ${offer || 'porozumienie'}.`,
        });
      case 'game.abandoned':
        return t({ ro: `${who} a abandonat partida.`, en: `${who} abandoned the game.`, pl: `Gracz ${who} poddał partię.` });
      case 'dispute.opened':
        return t({
          ro: `${who} a contestat${words ? ` cuvintele ${words}` : ''}${str(details.contested) ? ` (mutarea ${str(details.contested)})` : ''}.`,
          en: `${who} contested${words ? ` the words ${words}` : ''}${str(details.contested) ? ` (move ${str(details.contested)})` : ''}.`,
          pl: `Gracz ${who} zakwestionował${words ? ` wyrazy ${words}` : ''}${str(details.contested) ? ` (ruch ${str(details.contested)})` : ''}.`,
        });
      case 'dispute.admitted':
        return t({
          ro: `${who} a admis contestația${str(details.replacement) ? ` și a mutat ${str(details.replacement)}` : ''}.`,
          en: `${who} admitted the contest${str(details.replacement) ? ` and played ${str(details.replacement)}` : ''}.`,
          pl: `Gracz ${who} uznał zakwestionowanie${str(details.replacement) ? ` i zagrał ${str(details.replacement)}` : ''}.`,
        });
      case 'dispute.appealed':
        return t({
          ro: `${who} a trimis contestația arbitrului${words ? ` (cuvintele ${words})` : ''}.`,
          en: `${who} appealed the contest to the arbiter${words ? ` (the words ${words})` : ''}.`,
          pl: `Gracz ${who} przekazał zakwestionowanie sędziemu${words ? ` (wyrazy ${words})` : ''}.`,
        });
      case 'result.confirmed':
        return t({
          ro: `${who} a confirmat fișa finală.`,
          en: `${who} confirmed the final sheet.`,
          pl: `Gracz ${who} potwierdził protokół partii.`,
        });
      case 'result.objected':
        return t({
          ro: `${who} a făcut obiecție la fișa finală.`,
          en: `${who} objected to the final sheet.`,
          pl: `Gracz ${who} zgłosił zastrzeżenie do protokołu partii.`,
        });
      case 'result.objection-decided':
        return t({
          ro: `Arbitrul a hotărât asupra obiecției lui ${who}.`,
          en: `The arbiter decided on ${who}'s objection.`,
          pl: `Sędzia rozstrzygnął zastrzeżenie gracza ${who}.`,
        });
      case 'result.homologated':
        return t({
          ro: 'Rezultatul partidei a fost omologat.',
          en: "The game's result was homologated.",
          pl: 'Wynik partii został zatwierdzony.',
        });
      case 'state.declared':
        return t({
          ro: `${who} a declarat situația partidei la data de închidere.`,
          en: `${who} declared the game's state at the closing date.`,
          pl: `Gracz ${who} zgłosił stan partii na datę zamknięcia.`,
        });
      case 'game.imported':
        return t({
          ro: `Arbitrul a importat partida${num(details.moves) !== undefined ? ` (${num(details.moves)} mutări)` : ''}.`,
          en: `The arbiter imported the game${num(details.moves) !== undefined ? ` (${num(details.moves)} moves)` : ''}.`,
          pl: `Sędzia zaimportował partię${num(details.moves) !== undefined ? ` (ruchy: ${num(details.moves)})` : ''}.`,
        });
      case 'game.withdrawn':
        return t({
          ro: `Partida s-a încheiat prin retragerea lui ${who}.`,
          en: `The game ended with ${who}'s withdrawal.`,
          pl: `Partia zakończyła się wycofaniem gracza ${who}.`,
        });
      case 'player.withdrawn':
        return t({
          ro: `${who} a fost retras din competiție.`,
          en: `${who} was withdrawn from the competition.`,
          pl: `Gracz ${who} został wycofany z rozgrywek.`,
        });
      case 'player.eliminated':
        return t({
          ro: `${who} a fost eliminat din turneu: absent dintr-o treime din runde (F 9.4d), la runda ${num(details.round) ?? ''}.`,
          en: `${who} was eliminated from the tournament: absent from a third of the rounds (F 9.4d), at round ${num(details.round) ?? ''}.`,
          pl: `Gracz ${who} został wyeliminowany z turnieju: nieobecny w jednej trzeciej rund (F 9.4d), w rundzie ${num(details.round) ?? ''}.`,
        });
      case 'player.excluded':
        return t({
          ro: `${who} a fost exclus din competiție.`,
          en: `${who} was excluded from the competition.`,
          pl: `Gracz ${who} został wykluczony z rozgrywek.`,
        });
      case 'player.updated':
        return t({
          ro: `Datele lui ${who} au fost modificate.`,
          en: `${who}'s details were changed.`,
          pl: `Zmieniono dane gracza ${who}.`,
        });
      case 'player.address_added':
        return t({
          ro: `O adresă nouă a lui ${who} așteaptă confirmarea.`,
          en: `A new address of ${who} waits for confirmation.`,
          pl: `Nowy adres gracza ${who} czeka na potwierdzenie.`,
        });
      case 'player.address_confirmed':
        return t({ ro: `${who} și-a confirmat adresa.`, en: `${who} confirmed an address.`, pl: `Gracz ${who} potwierdził adres.` });
      case 'player.address_refused':
        return t({
          ro: `${who} a refuzat o adresă adăugată.`,
          en: `${who} refused an added address.`,
          pl: `Gracz ${who} odrzucił dodany adres.`,
        });
      case 'player.address_removed':
        return t({ ro: `${who} și-a șters o adresă.`, en: `${who} removed an address.`, pl: `Gracz ${who} usunął adres.` });
      case 'player.join_requested':
        return t({
          ro: `Adresa lui ${who} este a unui cont existent: titularul lui este întrebat.`,
          en: `${who}'s address is an existing account's: its owner is asked.`,
          pl: `Adres gracza ${who} należy do istniejącego konta: zapytano jego właściciela.`,
        });
      case 'player.joined':
        return t({
          ro: `Titularul contului l-a alăturat lui ${who}.`,
          en: `The account's owner joined it to ${who}.`,
          pl: `Właściciel konta dołączył je do gracza ${who}.`,
        });
      case 'player.join_refused':
        return t({
          ro: `Titularul contului a refuzat să-l alăture lui ${who}.`,
          en: `The account's owner refused to join it to ${who}.`,
          pl: `Właściciel konta odmówił dołączenia go do gracza ${who}.`,
        });
      case 'user.sessions_ended':
        return t({
          ro: `${who} și-a închis celelalte sesiuni.`,
          en: `${who} ended their other sessions.`,
          pl: `Gracz ${who} zakończył pozostałe sesje.`,
        });
      case 'player.anonymised':
        return t({
          ro: 'Datele personale ale unui jucător au fost șterse.',
          en: "A player's personal data was erased.",
          pl: 'Dane osobowe gracza zostały usunięte.',
        });
      case 'leave.approved':
        return t({
          ro: `Arbitrul a aprobat un concediu special pentru ${who}.`,
          en: `The arbiter approved special leave for ${who}.`,
          pl: `Sędzia przyznał urlop nadzwyczajny graczowi ${who}.`,
        });
      case 'case.closed':
        return t({
          ro: `Cazul „${caseKind}” a fost închis.`,
          en: `The case "${caseKind}" was closed.`,
          pl: `Sprawa „${caseKind}” została zamknięta.`,
        });
      case 'downtime-credit.confirmed':
        return t({
          ro: 'Arbitrul a acordat zilele pierdute din cauza opririi platformei.',
          en: 'The arbiter credited the days lost to the outage.',
          pl: 'Sędzia zaliczył dni utracone z powodu przerwy w działaniu platformy.',
        });
      case 'downtime-credit.dismissed':
        return t({
          ro: 'Arbitrul a refuzat creditarea zilelor după oprirea platformei.',
          en: 'The arbiter refused to credit days after the outage.',
          pl: 'Sędzia odmówił zaliczenia dni po przerwie w działaniu platformy.',
        });
      case 'commission-appeal.lodged':
        return t({
          ro: 'Un apel la comisia federației a fost înregistrat.',
          en: "An appeal to the federation's commission was lodged.",
          pl: 'Złożono odwołanie do komisji federacji.',
        });
      case 'commission-appeal.decided':
        return t({
          ro: 'Comisia federației a hotărât asupra apelului.',
          en: "The federation's commission decided the appeal.",
          pl: 'Komisja federacji rozstrzygnęła odwołanie.',
        });
      case 'competition.created':
        return t({
          ro: `Competiția${str(details.name) ? ` „${str(details.name)}”` : ''} a fost creată.`,
          en: `The competition${str(details.name) ? ` "${str(details.name)}"` : ''} was created.`,
          pl: `Utworzono rozgrywki${str(details.name) ? ` „${str(details.name)}”` : ''}.`,
        });
      case 'competition.players_imported':
        return t({
          ro: `Jucători înscriși: ${num(details.players) ?? 0}.`,
          en: `Players registered: ${num(details.players) ?? 0}.`,
          pl: `Zapisani gracze: ${num(details.players) ?? 0}.`,
        });
      case 'competition.player_added':
        return t({
          ro: `${who} a fost adăugat în listă.`,
          en: `${who} was added to the list.`,
          pl: `Gracz ${who} został dodany do listy.`,
        });
      case 'competition.player_removed':
        return t({
          ro: `${who} a fost scos din listă.`,
          en: `${who} was removed from the list.`,
          pl: `Gracz ${who} został usunięty z listy.`,
        });
      case 'competition.started':
        return t({ ro: 'Competiția a început.', en: 'The competition started.', pl: 'Rozgrywki się rozpoczęły.' });
      case 'competition.rounds_plan_saved': {
        const rounds = Array.isArray(details.systems) ? details.systems.length : 0;
        return t({
          ro: `Planul turneului pe runde a fost salvat (${rounds} runde).`,
          en: `The plan of the tournament in rounds was saved (${rounds} rounds).`,
          pl: `Zapisano plan turnieju w rundach (rundy: ${rounds}).`,
        });
      }
      case 'competition.round_started':
        return t({
          ro: `Runda ${num(details.round) ?? ''} a început: ${num(details.games) ?? 0} partide.`,
          en: `Round ${num(details.round) ?? ''} started: ${num(details.games) ?? 0} games.`,
          pl: `Rozpoczęła się runda ${num(details.round) ?? ''}: liczba partii ${num(details.games) ?? 0}.`,
        });
      case 'competition.updated': {
        const changes = settingChanges(details, lang);
        const list = changes ? `: ${changes}` : '';
        return t({
          ro: `Setările competiției au fost modificate${list}.`,
          en: `The competition's settings were changed${list}.`,
          pl: `Zmieniono ustawienia rozgrywek${list}.`,
        });
      }
      case 'lexicon.uploaded':
        return t({
          ro: `Lista de cuvinte${str(details.name) ? ` „${str(details.name)}”` : ''} a fost încărcată.`,
          en: `The word list${str(details.name) ? ` "${str(details.name)}"` : ''} was uploaded.`,
          pl: `Wczytano słownik${str(details.name) ? ` „${str(details.name)}”` : ''}.`,
        });
      default:
        if (action.startsWith('ruling.')) {
          const kind = action.slice('ruling.'.length);
          const effects = names.game ? rulingEffects(kind, details, lang, names.game).join(' ') : '';
          const title = { ro: 'Decizia arbitrului', en: "Arbiter's ruling", pl: 'Decyzja sędziego' }[lang];
          return `${title}: ${rulingKindText(kind, lang)}.${effects ? ` ${effects}` : ''}`;
        }
        return { ro: 'Altă acțiune.', en: 'Another action.', pl: 'Inna czynność.' }[lang];
    }
  })();
  const extra: string[] = [];
  // The platform's own reasons are stored in each language (reasonRo, reasonPl); an arbiter's reason is their own words.
  const reason = (ro ? str(details.reasonRo) : lang === 'pl' ? str(details.reasonPl) : '') || str(details.reason);
  if (reason) extra.push(`${{ ro: 'Motiv', en: 'Reason', pl: 'Uzasadnienie' }[lang]}: ${reason}`);
  for (const [key, label] of [
    ['text', { ro: 'Text', en: 'Text', pl: 'Treść' }],
    ['objection', { ro: 'Obiecția', en: 'Objection', pl: 'Zastrzeżenie' }],
    ['comment', { ro: 'Comentariu', en: 'Comment', pl: 'Komentarz' }],
  ] as const) {
    if (str(details[key])) extra.push(`${label[lang]}: ${str(details[key])}`);
  }
  return [main, ...extra.map((e) => (/[.!?]$/.test(e) ? e : `${e}.`))].join(' ');
}

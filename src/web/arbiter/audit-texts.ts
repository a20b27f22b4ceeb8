// The audit log and the rulings as a person reads them: each action a
// sentence in the page's language naming who and what, with its details (reason, words,
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
  return (id && names.players.get(id)) || names.actor || ({ ro: 'un jucător', en: 'a player', pl: 'gracz' } as const)[lang];
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
        return ro ? `${who} a mutat${moves ? `: ${moves}` : ''}.` : `${who} moved${moves ? `: ${moves}` : ''}.`;
      case 'move.recorded-by-arbiter':
        return ro
          ? `Arbitrul a înregistrat mutarea lui ${who}${moves ? `: ${moves}` : ''}.`
          : `The arbiter recorded ${who}'s move${moves ? `: ${moves}` : ''}.`;
      case 'move.review_requested':
        return ro
          ? `Mutare refuzată trimisă arbitrului spre revizuire${str(details.notation) ? `: ${str(details.notation)}` : ''}.`
          : `A refused move was sent to the arbiter for review${str(details.notation) ? `: ${str(details.notation)}` : ''}.`;
      case 'holiday.declared': {
        const from = formatDayFor(lang, str(details.from));
        const to = formatDayFor(lang, str(details.to));
        const days = from && to ? ` ${from} – ${to}` : '';
        return ro ? `${who} și-a declarat concediul${days}.` : `${who} declared a holiday${days}.`;
      }
      case 'long-thinking.announced':
        return ro
          ? `${who} a anunțat gândire lungă${days ? ` (${days} zile)` : ''}.`
          : `${who} announced long thinking${days ? ` (${days} days)` : ''}.`;
      case 'claim.made':
        return ro
          ? `${who} a reclamat depășirea timpului de gândire al partenerului${num(details.daysUsed) ? ` (${num(details.daysUsed)} zile folosite)` : ''}.`
          : `${who} claimed the partner ran out of thinking time${num(details.daysUsed) ? ` (${num(details.daysUsed)} days used)` : ''}.`;
      case 'claim.answered':
        return ro ? `${who} a răspuns la reclamația de timp.` : `${who} answered the time claim.`;
      case 'offer.made':
        return ro ? `${who} a propus ${offer || 'o înțelegere'}.` : `${who} offered ${offer || 'an agreement'}.`;
      case 'offer.accepted':
        return ro
          ? `${who} a acceptat propunerea de ${offer || 'înțelegere'}.`
          : `${who} accepted the offer of ${offer || 'an agreement'}.`;
      case 'offer.declined':
        return ro ? `${who} a refuzat propunerea de ${offer || 'înțelegere'}.` : `${who} declined the offer of ${offer || 'an agreement'}.`;
      case 'game.abandoned':
        return ro ? `${who} a abandonat partida.` : `${who} abandoned the game.`;
      case 'dispute.opened':
        return ro
          ? `${who} a contestat${words ? ` cuvintele ${words}` : ''}${str(details.contested) ? ` (mutarea ${str(details.contested)})` : ''}.`
          : `${who} contested${words ? ` the words ${words}` : ''}${str(details.contested) ? ` (move ${str(details.contested)})` : ''}.`;
      case 'dispute.admitted':
        return ro
          ? `${who} a admis contestația${str(details.replacement) ? ` și a mutat ${str(details.replacement)}` : ''}.`
          : `${who} admitted the contest${str(details.replacement) ? ` and played ${str(details.replacement)}` : ''}.`;
      case 'dispute.appealed':
        return ro
          ? `${who} a trimis contestația arbitrului${words ? ` (cuvintele ${words})` : ''}.`
          : `${who} appealed the contest to the arbiter${words ? ` (the words ${words})` : ''}.`;
      case 'result.confirmed':
        return ro ? `${who} a confirmat fișa finală.` : `${who} confirmed the final sheet.`;
      case 'result.objected':
        return ro ? `${who} a făcut obiecție la fișa finală.` : `${who} objected to the final sheet.`;
      case 'result.objection-decided':
        return ro ? `Arbitrul a hotărât asupra obiecției lui ${who}.` : `The arbiter decided on ${who}'s objection.`;
      case 'result.homologated':
        return ro ? 'Rezultatul partidei a fost omologat.' : "The game's result was homologated.";
      case 'state.declared':
        return ro ? `${who} a declarat situația partidei la data de închidere.` : `${who} declared the game's state at the closing date.`;
      case 'game.imported':
        return ro
          ? `Arbitrul a importat partida${num(details.moves) !== undefined ? ` (${num(details.moves)} mutări)` : ''}.`
          : `The arbiter imported the game${num(details.moves) !== undefined ? ` (${num(details.moves)} moves)` : ''}.`;
      case 'game.withdrawn':
        return ro ? `Partida s-a încheiat prin retragerea lui ${who}.` : `The game ended with ${who}'s withdrawal.`;
      case 'player.withdrawn':
        return ro ? `${who} a fost retras din competiție.` : `${who} was withdrawn from the competition.`;
      case 'player.eliminated':
        return ro
          ? `${who} a fost eliminat din turneu: absent dintr-o treime din runde (F 9.4d), la runda ${num(details.round) ?? ''}.`
          : `${who} was eliminated from the tournament: absent from a third of the rounds (F 9.4d), at round ${num(details.round) ?? ''}.`;
      case 'player.excluded':
        return ro ? `${who} a fost exclus din competiție.` : `${who} was excluded from the competition.`;
      case 'player.updated':
        return ro ? `Datele lui ${who} au fost modificate.` : `${who}'s details were changed.`;
      case 'player.address_added':
        return ro ? `O adresă nouă a lui ${who} așteaptă confirmarea.` : `A new address of ${who} waits for confirmation.`;
      case 'player.address_confirmed':
        return ro ? `${who} și-a confirmat adresa.` : `${who} confirmed an address.`;
      case 'player.address_refused':
        return ro ? `${who} a refuzat o adresă adăugată.` : `${who} refused an added address.`;
      case 'player.address_removed':
        return ro ? `${who} și-a șters o adresă.` : `${who} removed an address.`;
      case 'player.join_requested':
        return ro
          ? `Adresa lui ${who} este a unui cont existent: titularul lui este întrebat.`
          : `${who}'s address is an existing account's: its owner is asked.`;
      case 'player.joined':
        return ro ? `Titularul contului l-a alăturat lui ${who}.` : `The account's owner joined it to ${who}.`;
      case 'player.join_refused':
        return ro ? `Titularul contului a refuzat să-l alăture lui ${who}.` : `The account's owner refused to join it to ${who}.`;
      case 'user.sessions_ended':
        return ro ? `${who} și-a închis celelalte sesiuni.` : `${who} ended their other sessions.`;
      case 'player.anonymised':
        return ro ? 'Datele personale ale unui jucător au fost șterse.' : "A player's personal data was erased.";
      case 'leave.approved':
        return ro ? `Arbitrul a aprobat un concediu special pentru ${who}.` : `The arbiter approved special leave for ${who}.`;
      case 'case.closed':
        return ro ? `Cazul „${caseKind}” a fost închis.` : `The case "${caseKind}" was closed.`;
      case 'downtime-credit.confirmed':
        return ro
          ? 'Arbitrul a acordat zilele pierdute din cauza opririi platformei.'
          : 'The arbiter credited the days lost to the outage.';
      case 'downtime-credit.dismissed':
        return ro
          ? 'Arbitrul a refuzat creditarea zilelor după oprirea platformei.'
          : 'The arbiter refused to credit days after the outage.';
      case 'commission-appeal.lodged':
        return ro ? 'Un apel la comisia federației a fost înregistrat.' : "An appeal to the federation's commission was lodged.";
      case 'commission-appeal.decided':
        return ro ? 'Comisia federației a hotărât asupra apelului.' : "The federation's commission decided the appeal.";
      case 'competition.created':
        return ro
          ? `Competiția${str(details.name) ? ` „${str(details.name)}”` : ''} a fost creată.`
          : `The competition${str(details.name) ? ` "${str(details.name)}"` : ''} was created.`;
      case 'competition.players_imported':
        return ro ? `Jucători înscriși: ${num(details.players) ?? 0}.` : `Players registered: ${num(details.players) ?? 0}.`;
      case 'competition.player_added':
        return ro ? `${who} a fost adăugat în listă.` : `${who} was added to the list.`;
      case 'competition.player_removed':
        return ro ? `${who} a fost scos din listă.` : `${who} was removed from the list.`;
      case 'competition.started':
        return ro ? 'Competiția a început.' : 'The competition started.';
      case 'competition.rounds_plan_saved': {
        const rounds = Array.isArray(details.systems) ? details.systems.length : 0;
        return ro
          ? `Planul turneului pe runde a fost salvat (${rounds} runde).`
          : `The plan of the tournament in rounds was saved (${rounds} rounds).`;
      }
      case 'competition.round_started':
        return ro
          ? `Runda ${num(details.round) ?? ''} a început: ${num(details.games) ?? 0} partide.`
          : `Round ${num(details.round) ?? ''} started: ${num(details.games) ?? 0} games.`;
      case 'competition.updated': {
        const changes = settingChanges(details, lang);
        const list = changes ? `: ${changes}` : '';
        return ro ? `Setările competiției au fost modificate${list}.` : `The competition's settings were changed${list}.`;
      }
      case 'lexicon.uploaded':
        return ro
          ? `Lista de cuvinte${str(details.name) ? ` „${str(details.name)}”` : ''} a fost încărcată.`
          : `The word list${str(details.name) ? ` "${str(details.name)}"` : ''} was uploaded.`;
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
  const reason = ro ? str(details.reasonRo) || str(details.reason) : str(details.reason);
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

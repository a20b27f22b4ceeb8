// The arbiter's case lines in Polish (case-summary.ts and case-notices.ts hold the Romanian and
// English ones): what a case is about, its deadline, the case mail's subject. Pure.
import { polishForm } from '../../common/bilingual';
import { formatDayFor } from '../../common/day-format';

/** The players of the case's game by colour: a case's line names them. */
export interface CasePlayers {
  readonly red: string;
  readonly blue: string;
}

const COLOR = { red: 'czerwony', blue: 'niebieski' } as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

const days = (value: unknown): string => {
  const n = Number(value);
  return Number.isFinite(n) ? `${n} ${polishForm(n, ['dzień', 'dni', 'dni'])}` : `${text(value)} dni`;
};

function colorName(value: unknown, players?: CasePlayers): string {
  if (value !== 'red' && value !== 'blue') return '?';
  const name = players?.[value];
  return name ? `${name} (${COLOR[value]})` : COLOR[value];
}

/** One line saying what the case is about, in Polish (caseSummary's third language). */
export function polishCaseSummary(kind: string, payload: Readonly<Record<string, unknown>>, players?: CasePlayers): string {
  const game = players ? ` (${players.red} – ${players.blue})` : '';
  switch (kind) {
    case 'dispute':
      return `Odwołanie do sędziego${game}: ${Array.isArray(payload.words) ? payload.words.join(', ') : ''}`;
    case 'claim':
      return `Zgłoszenie przekroczenia czasu (${colorName(payload.claimant, players)}): przeciwnik wykorzystał ${days(payload.daysUsed)}`;
    case 'silence':
      return `Brak odpowiedzi: ${colorName(payload.silent, players)} nie odpowiada od ${days(payload.silentDays)} (od ${formatDayFor('pl', text(payload.since))})`;
    case 'closing':
      if (payload.proposal) return `Partia niedokończona w dniu zamknięcia rozgrywek${game}: proponowany wynik czeka na zatwierdzenie`;
      if (payload.proposal === null)
        return `Partia niedokończona w dniu zamknięcia rozgrywek${game}: brak proponowanego wyniku, najpierw rozstrzygnij zgłoszenie albo zakwestionowany wyraz`;
      return `Partia niedokończona w dniu zamknięcia rozgrywek${game}`;
    case 'result':
      return `Wynik do zatwierdzenia${game}`;
    case 'objection':
      return `Zastrzeżenie do protokołu (${colorName(payload.color, players)}): ${text(payload.text)}`;
    case 'mail-bounce':
      return `Zwrócona wiadomość: ${text(payload.address)}`;
    case 'mail-failed':
      return `Nieprzetworzona wiadomość przychodząca: ${text(payload.from)} — ${text(payload.error)}`;
    case 'mail-undeliverable':
      return `Niedoręczona wiadomość: ${text(payload.error)}`;
    case 'downtime-credit':
      return `Dni do zwrotu po przerwie w działaniu platformy ${text(payload.from)} – ${text(payload.to)}`;
    case 'move-review': {
      const refusal = (payload.refusal ?? {}) as Record<string, unknown>;
      const comment = payload.comment ? ` „${text(payload.comment)}”` : '';
      return `Prośba o rozpatrzenie odrzuconego ruchu (${text(payload.playerName)}): ${text(payload.notation)} — ${text(refusal.pl) || text(refusal.en)}${comment}`;
    }
    case 'commission-appeal':
      return `Odwołanie do komisji federacji: ${text(payload.decision)}`;
    default:
      return `Inna sprawa${game}`;
  }
}

/** The deadline line of a case, in Polish. */
export function polishDeadline(dueOn: string | null, late: number): string {
  if (dueOn === null) return 'Regulamin nie przewiduje terminu.';
  const day = formatDayFor('pl', dueOn);
  if (late > 0) return `Po terminie: termin upłynął ${day} (${days(late)} temu).`;
  return `Do rozstrzygnięcia do ${day}.`;
}

/** The case mail's subject, in Polish: one case's, or a digest's day and counts. */
export function polishCaseSubject(day: string | undefined, fresh: number, overdue: number, competition: string, notice?: string): string {
  if (day === undefined) return `[${competition}] ${notice === 'overdue' ? 'Sprawa po terminie' : 'Nowa sprawa do rozstrzygnięcia'}`;
  const parts = [fresh && `nowe sprawy: ${fresh}`, overdue && `sprawy po terminie: ${overdue}`].filter(Boolean);
  return `Sprawy sędziego, ${formatDayFor('pl', day)}: ${parts.join(', ')}`;
}

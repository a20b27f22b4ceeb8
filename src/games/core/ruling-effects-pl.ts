// A ruling's consequences in Polish, one sentence each (ruling-effects.ts holds the Romanian and
// English ones and calls this for a Polish reader). Pure.
import { polishForm } from '../../common/bilingual';
import { formatCoefficient, formatCoefficientValue } from '../../common/coefficient-format';
import { formatDayFor } from '../../common/day-format';
import type { Color } from '../../engine/types';

type Payload = Readonly<Record<string, unknown>>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const color = (v: unknown): Color | undefined => (v === 'red' || v === 'blue' ? v : undefined);
const record = (v: unknown): Payload => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Payload) : {});
const days = (n: number) => `${n} ${polishForm(n, ['dzień', 'dni', 'dni'])}`;
const points = (n: number) => `${n} ${polishForm(n, ['punkt', 'punkty', 'punktów'])}`;
const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDayFor('pl', v) : '');

function clockEffects(payload: Payload, who: (c: Color) => string): string[] {
  const out: string[] = [];
  const player = color(payload.player);
  const n = num(payload.days);
  if (player && n !== undefined) {
    out.push(
      n > 0
        ? `${who(player)}: ${days(n)} doliczone do wykorzystanego czasu na namysł.`
        : `${who(player)}: ${days(-n)} odjęte od wykorzystanego czasu na namysł.`,
    );
  }
  const outage = record(payload.outage);
  const when = day(outage.from) && day(outage.to) ? ` (platforma nie działała ${day(outage.from)} – ${day(outage.to)})` : '';
  for (const credit of Array.isArray(payload.credits) ? payload.credits.map(record) : []) {
    const c = color(credit.color);
    const d = num(credit.days);
    if (c && d !== undefined) out.push(`${who(c)}: ${days(d)} odjęte od wykorzystanego czasu na namysł${when}.`);
  }
  return out;
}

function kindEffects(kind: string, payload: Payload, who: (c: Color) => string, outcome: string | undefined): string[] {
  const player = color(payload.player);
  switch (kind) {
    case 'word':
      if (payload.valid === true) return ['Kwestionowany wyraz jest dopuszczalny: ruch zostaje (wariant A).'];
      return payload.valid === false ? ['Kwestionowany wyraz jest niedopuszczalny: ruch zostaje zastąpiony (wariant B).'] : [];
    case 'claim': {
      const voided = num(payload.voidedMoves) ?? 0;
      if (payload.upheld === true)
        return [
          'Zgłoszenie zostaje uwzględnione: partia kończy się przekroczeniem czasu na namysł.',
          ...(voided > 0 ? [`Ruchy unieważnione, wysłane po upływie czasu: ${voided}.`] : []),
        ];
      return payload.upheld === false ? ['Zgłoszenie zostaje odrzucone: partia toczy się dalej.'] : [];
    }
    case 'score-correction': {
      const n = num(payload.points);
      if (!player || n === undefined) return [];
      return [n > 0 ? `Wynik gracza ${who(player)} rośnie o ${points(n)}.` : `Wynik gracza ${who(player)} maleje o ${points(-n)}.`];
    }
    case 'move-annulment': {
      const n = num(payload.number);
      return n === undefined ? [] : [`Ruch ${n} i wszystkie następne zostają unieważnione; gra wraca do pozycji sprzed niego.`];
    }
    case 'thinking-days':
      return clockEffects(payload, who);
    case 'coefficient-penalty': {
      const amount = num(payload.amount);
      if (!player || amount === undefined || !Number.isSafeInteger(amount)) return [];
      return [`Współczynnik gracza ${who(player)} w tej partii maleje o ${formatCoefficient(amount, 'pl')}.`];
    }
    case 'warning':
      return player ? [`${who(player)} otrzymuje upomnienie.`] : [];
    case 'outcome': {
      const by = color(record(payload.outcome).by);
      return outcome ? [`Partia się kończy: ${outcome}${by ? ` (${who(by)})` : ''}.`] : [];
    }
    default:
      return [];
  }
}

/** rulingEffects for a Polish reader: `who` names a player with their colour, `outcome` is the outcome in words. */
export function polishRulingEffects(
  kind: string,
  payload: Payload,
  who: (c: Color) => string,
  names: Readonly<Record<Color, string>>,
  outcome?: string,
): string[] {
  const out = kindEffects(kind, payload, who, outcome);
  const coefficients = record(payload.coefficients);
  const red = num(coefficients.red);
  const blue = num(coefficients.blue);
  if (red !== undefined && blue !== undefined) {
    out.push(
      `Współczynniki partii: ${names.red} ${formatCoefficientValue(red, 'pl')}, ${names.blue} ${formatCoefficientValue(blue, 'pl')}.`,
    );
  }
  return out;
}

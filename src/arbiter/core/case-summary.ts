// What a case is about, in one line in Romanian, English and Polish (case-texts-pl.ts) (the arbiter's dashboard, their case
// mail: docs/mail-rules.md 20). Pure: the case's kind and payload in, words out.
import { formatDayFor } from '../../common/day-format';
import type { Bilingual } from '../../common/bilingual';
import { polishCaseSummary, type CasePlayers } from './case-texts-pl';

export type { CasePlayers } from './case-texts-pl';
import { downtimeSummary } from './downtime-case';

const COLOR = { red: { ro: 'roșu', en: 'red' }, blue: { ro: 'albastru', en: 'blue' } } as const;

function colorName(value: unknown, players?: CasePlayers): { ro: string; en: string } {
  if (value !== 'red' && value !== 'blue') return { ro: '?', en: '?' };
  const name = players?.[value];
  return name ? { ro: `${name} (${COLOR[value].ro})`, en: `${name} (${COLOR[value].en})` } : COLOR[value];
}

/** ` (Popescu Ion – Ionescu Țuțea)`: the game a case is about, when known. */
function pairing(players?: CasePlayers): string {
  return players ? ` (${players.red} – ${players.blue})` : '';
}

/** `15.03.2027` / `2027-03-15` from a stored day. */
function dayText(value: unknown): { ro: string; en: string } {
  return { ro: formatDayFor('ro', text(value)), en: text(value) };
}

/** "5 zile", "30 de zile": Romanian puts "de" after numbers ending in 20–99 (and hundreds). */
export function roDays(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return `${text(value)} zile`;
  if (n === 1) return '1 zi';
  const rest = Math.abs(n) % 100;
  return `${n} ${rest >= 20 || (rest === 0 && n !== 0) ? 'de ' : ''}zile`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** One line saying what the case is about, from its payload (whatever the raising service wrote). */
export function caseSummary(kind: string, payload: Readonly<Record<string, unknown>>, players?: CasePlayers): Bilingual {
  return { ...romanianAndEnglish(kind, payload, players), pl: polishCaseSummary(kind, payload, players) };
}

function romanianAndEnglish(kind: string, payload: Readonly<Record<string, unknown>>, players?: CasePlayers): { ro: string; en: string } {
  const game = pairing(players);
  switch (kind) {
    case 'dispute': {
      const words = Array.isArray(payload.words) ? payload.words.join(', ') : '';
      return { ro: `Contestație la arbitru${game}: ${words}`, en: `Contest appealed${game}: ${words}` };
    }
    case 'claim': {
      const c = colorName(payload.claimant, players);
      return {
        ro: `Reclamație de timp ${players ? `de la ${c.ro}` : `(${c.ro})`}: partenerul a folosit ${roDays(payload.daysUsed)}`,
        en: `Time claim ${players ? `by ${c.en}` : `(${c.en})`}: the partner has used ${text(payload.daysUsed)} days`,
      };
    }
    case 'silence': {
      const c = colorName(payload.silent, players);
      const since = dayText(payload.since);
      return {
        ro: `Tăcere: ${c.ro} nu a răspuns de ${roDays(payload.silentDays)} (din ${since.ro})`,
        en: `Silence: ${c.en} has not answered for ${text(payload.silentDays)} days (since ${since.en})`,
      };
    }
    case 'closing':
      // docs/rules.md "The closing date": a proposal is homologated as it stands (the homologation page); none means a ruling first.
      if (payload.proposal)
        return {
          ro: `Partidă neterminată la data de închidere${game}: rezultatul propus așteaptă omologarea`,
          en: `Game unfinished at the closing date${game}: the proposed result waits for homologation`,
        };
      if (payload.proposal === null)
        return {
          ro: `Partidă neterminată la data de închidere${game}: niciun rezultat propus, decideți întâi reclamația sau cuvântul disputat`,
          en: `Game unfinished at the closing date${game}: no result proposed, rule first on the claim or the disputed word`,
        };
      return { ro: `Partidă neterminată la data de închidere${game}`, en: `Game unfinished at the closing date${game}` };
    case 'result':
      return { ro: `Rezultat de omologat${game}`, en: `Result to homologate${game}` };
    case 'objection': {
      const c = colorName(payload.color, players);
      return { ro: `Obiecție la fișă (${c.ro}): ${text(payload.text)}`, en: `Objection to the sheet (${c.en}): ${text(payload.text)}` };
    }
    case 'mail-bounce':
      return { ro: `Mesaj returnat: ${text(payload.address)}`, en: `Bounced mail: ${text(payload.address)}` };
    case 'mail-failed':
      return {
        ro: `Mesaj primit neprocesat: ${text(payload.from)} — ${text(payload.error)}`,
        en: `Incoming mail not processed: ${text(payload.from)} — ${text(payload.error)}`,
      };
    case 'mail-undeliverable':
      return {
        ro: `Mesaj nelivrat (${text(payload.template)}): ${text(payload.error)}`,
        en: `Mail not delivered (${text(payload.template)}): ${text(payload.error)}`,
      };
    case 'downtime-credit':
      return downtimeSummary(payload);
    case 'move-review': {
      const refusal = (payload.refusal ?? {}) as Record<string, unknown>;
      return {
        ro: `Cerere de revizuire a unei mutări refuzate (${text(payload.playerName)}): ${text(payload.notation)} — ${text(refusal.ro)}${payload.comment ? ` „${text(payload.comment)}”` : ''}`,
        en: `Review of a refused move asked (${text(payload.playerName)}): ${text(payload.notation)} — ${text(refusal.en)}${payload.comment ? ` "${text(payload.comment)}"` : ''}`,
      };
    }
    case 'commission-appeal':
      return {
        ro: `Apel la comisia federației: ${text(payload.decision)}`,
        en: `Appeal to the federation's commission: ${text(payload.decision)}`,
      };
    default:
      return { ro: `Alt caz${game}`, en: `Another case${game}` };
  }
}

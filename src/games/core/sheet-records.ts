// The sheet's record of what happened around the moves (docs/rules.md §8: the sheet records
// everything needed to reconstruct the game): each contested move and what became of it (§6),
// each arbiter's ruling with its case, decision and effect (§6), each penalty (§6, §7), and at
// a rule-made end the tiles left on each rack with the points they moved (§4). Plain data in,
// the sheet's lines out, in its language; a section with nothing to say is left out. Pure.
import { formatCoefficient } from '../../common/coefficient-format';
import type { Language } from '../../common/bilingual';
import { COLORS, type Color } from '../../common/color';
import { formatDate, type SheetSection } from '../../engine/sheet';
import { caseKindName, days, playerNamed, points, rulingEffects, rulingKindName } from './ruling-effects';

/** docs/rules.md §6: a contest is open, admitted by the mover, with the arbiter, or ruled. */
export interface SheetDispute {
  /** The contested move: its tour and number in the game, who played it. */
  readonly tour: number;
  readonly number: number;
  readonly mover: Color;
  readonly words: readonly string[];
  readonly contester: Color;
  readonly status: 'open' | 'admitted' | 'appealed' | 'ruled';
  /** Once settled: whether the contested move stands (line A) or is replaced (line B). */
  readonly kept?: 'stands' | 'replaced';
  /** ISO dates: when it was contested, and when admitted or ruled. */
  readonly contestedOn: string;
  readonly settledOn?: string;
}

export interface SheetRuling {
  /** ISO date of the decision. */
  readonly on: string;
  readonly kind: string;
  /** The kind of the arbiter's case the ruling settled, if it settled one. */
  readonly caseKind?: string | null;
  /** The ruling's details as recorded (rulingEffects reads them). */
  readonly details: Readonly<Record<string, unknown>>;
  /** The arbiter's decision in their words; left out where the sheet is published (the public sheet). */
  readonly reason?: string;
}

export interface SheetPenalty {
  readonly player: Color;
  /** penalty.entity.ts PenaltyKind. */
  readonly kind: 'coefficient' | 'thinking-days' | 'score' | 'warning' | 'exclusion';
  /** Ten-thousandths, days or points as the kind says. */
  readonly amount: number;
  /** ISO date it takes effect. */
  readonly on: string;
  /** The ruling that imposed it (its kind), so the reader finds it in the rulings. */
  readonly rulingKind: string;
}

/** docs/rules.md §4: how a game the rules ended left its racks. */
export interface SheetEnd {
  /** Letters left on each rack (`?` = blank), in rack order. */
  readonly racks: Readonly<Record<Color, readonly string[]>>;
  /** Rack points subtracted (negative) or added (positive). */
  readonly adjustment: Readonly<Record<Color, number>>;
  /** The scores after the adjustment. */
  readonly scores: Readonly<Record<Color, number>>;
}

export interface SheetRecords {
  readonly disputes: readonly SheetDispute[];
  readonly rulings: readonly SheetRuling[];
  readonly penalties: readonly SheetPenalty[];
  /** Absent unless the rules ended the game (a player went out, the zero-score turns). */
  readonly end?: SheetEnd;
}

interface Labels {
  readonly disputes: string;
  readonly rulings: string;
  readonly penalties: string;
  readonly end: string;
  readonly tour: string;
  readonly move: string;
  readonly contestedBy: string;
  readonly status: Readonly<Record<SheetDispute['status'], string>>;
  readonly kept: Readonly<Record<NonNullable<SheetDispute['kept']>, string>>;
  readonly case: string;
  readonly decision: string;
  readonly tilesLeft: string;
  readonly none: string;
  readonly rackPoints: string;
  readonly score: string;
  readonly warning: string;
  readonly exclusion: string;
  readonly coefficient: (amount: string) => string;
  readonly thinkingDays: string;
}

const LABELS: Readonly<Record<Language, Labels>> = {
  ro: {
    disputes: 'CONTESTAȚII',
    rulings: 'DECIZIILE ARBITRULUI',
    penalties: 'PENALIZĂRI',
    end: 'SFÂRȘITUL PARTIDEI',
    tour: 'Turul',
    move: 'mutarea',
    contestedBy: 'contestată de',
    status: {
      open: 'deschisă: se așteaptă răspunsul autorului mutării',
      admitted: 'admisă: mutarea a fost retrasă și înlocuită',
      appealed: 'la arbitru: jocul continuă în variantele A și B',
      ruled: 'decisă de arbitru',
    },
    kept: { stands: 'mutarea rămâne (varianta A)', replaced: 'mutarea este înlocuită (varianta B)' },
    case: 'caz',
    decision: 'Decizia',
    tilesLeft: 'piese rămase',
    none: 'niciuna',
    rackPoints: 'puncte',
    score: 'scor',
    warning: 'avertisment',
    exclusion: 'excludere din competiție',
    coefficient: (amount) => `coeficient -${amount}`,
    thinkingDays: 'zile de gândire',
  },
  en: {
    disputes: 'DISPUTES',
    rulings: "ARBITER'S RULINGS",
    penalties: 'PENALTIES',
    end: 'END OF GAME',
    tour: 'Round',
    move: 'move',
    contestedBy: 'contested by',
    status: {
      open: "open: waiting for the mover's answer",
      admitted: 'admitted: the move was withdrawn and replaced',
      appealed: 'with the arbiter: play goes on in lines A and B',
      ruled: 'ruled by the arbiter',
    },
    kept: { stands: 'the move stands (line A)', replaced: 'the move is replaced (line B)' },
    case: 'case',
    decision: 'Decision',
    tilesLeft: 'tiles left',
    none: 'none',
    rackPoints: 'points',
    score: 'score',
    warning: 'warning',
    exclusion: 'exclusion from the competition',
    coefficient: (amount) => `coefficient -${amount}`,
    thinkingDays: 'thinking days',
  },
  pl: {
    disputes: 'ZAKWESTIONOWANIA',
    rulings: 'DECYZJE SĘDZIEGO',
    penalties: 'KARY',
    end: 'ZAKOŃCZENIE PARTII',
    tour: 'Runda',
    move: 'ruch',
    contestedBy: 'zakwestionowany przez',
    status: {
      open: 'otwarte: czeka na odpowiedź autora ruchu',
      admitted: 'uznane: ruch został wycofany i zastąpiony',
      appealed: 'u sędziego: gra toczy się w wariantach A i B',
      ruled: 'rozstrzygnięte przez sędziego',
    },
    kept: { stands: 'ruch zostaje (wariant A)', replaced: 'ruch zostaje zastąpiony (wariant B)' },
    case: 'sprawa',
    decision: 'Decyzja',
    tilesLeft: 'litery na stojaku',
    none: 'brak',
    rackPoints: 'pkt',
    score: 'wynik',
    warning: 'upomnienie',
    exclusion: 'wykluczenie z rozgrywek',
    coefficient: (amount) => `współczynnik -${amount}`,
    thinkingDays: 'dni na namysł',
  },
};

/** Under a dated line, what belongs to it: indented past the date. */
const INDENT = '    ';

/**
 * The sheet's sections of disputes, rulings, penalties and the end of the game, in that order,
 * each only when it has something; every dispute, ruling and penalty given is printed once.
 */
export function sheetRecordSections(records: SheetRecords, language: Language, names: Readonly<Record<Color, string>>): SheetSection[] {
  const l = LABELS[language];
  const who = (c: Color) => playerNamed(names, c, language);
  const date = (iso: string) => formatDate(iso, language);
  const sections: SheetSection[] = [];

  const disputes = records.disputes.map((d) => {
    const state =
      d.kept && (d.status === 'ruled' || d.status === 'admitted')
        ? `${l.status[d.status]}${d.settledOn ? ` ${date(d.settledOn)}` : ''}: ${l.kept[d.kept]}`
        : l.status[d.status];
    return (
      `${l.tour} ${d.tour}, ${l.move} ${d.number} (${who(d.mover)}): ${d.words.join(', ')} — ` +
      `${l.contestedBy} ${who(d.contester)} ${date(d.contestedOn)}; ${state}.`
    );
  });
  if (disputes.length > 0) sections.push({ title: l.disputes, lines: disputes });

  const rulings = records.rulings.flatMap((r) => {
    const kind = rulingKindName(r.kind, language);
    const head = `${date(r.on)}  ${kind.charAt(0).toUpperCase()}${kind.slice(1)}${r.caseKind ? ` (${l.case}: ${caseKindName(r.caseKind, language)})` : ''}`;
    const body = [
      ...(r.reason ? [`${l.decision}: ${r.reason.replace(/\s*\n\s*/g, ' ')}`] : []),
      ...rulingEffects(r.kind, r.details, language, names),
    ];
    return [head, ...body.map((line) => INDENT + line)];
  });
  if (rulings.length > 0) sections.push({ title: l.rulings, lines: rulings });

  const penalties = records.penalties.map(
    (p) => `${date(p.on)}  ${who(p.player)}: ${penaltyText(p, l, language)} (${rulingKindName(p.rulingKind, language)})`,
  );
  if (penalties.length > 0) sections.push({ title: l.penalties, lines: penalties });

  const { end } = records;
  if (end && COLORS.some((c) => end.racks[c].length > 0 || end.adjustment[c] !== 0)) {
    sections.push({
      title: l.end,
      lines: COLORS.map(
        (c) =>
          `${who(c)}: ${l.tilesLeft} ${end.racks[c].length > 0 ? end.racks[c].join(',') : l.none}; ` +
          `${signed(end.adjustment[c])} ${l.rackPoints}; ${l.score} ${end.scores[c]}`,
      ),
    });
  }
  return sections;
}

function penaltyText(p: SheetPenalty, l: Labels, language: Language): string {
  switch (p.kind) {
    case 'coefficient':
      return l.coefficient(formatCoefficient(p.amount, language));
    case 'thinking-days':
      return `${l.thinkingDays} ${p.amount < 0 ? '-' : '+'}${days(language, Math.abs(p.amount))}`;
    case 'score':
      return `${l.score} ${p.amount < 0 ? '-' : '+'}${points(language, Math.abs(p.amount))}`;
    case 'warning':
      return l.warning;
    case 'exclusion':
      return l.exclusion;
  }
}

/** `+3`, `-3`, `0`: as the sheet's result block writes rack points. */
function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

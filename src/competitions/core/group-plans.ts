// The groups the arbiter asks for (docs/rules.md §9), checked before any is written: by count or
// sizes, dealt by groups.ts, or as the arbiter lists them. Pure: the registered players, the
// request and the series in, each group's name, series and players in seat order out, or why not.
import type { Bilingual } from '../../common/bilingual';
import type { Refusal } from '../../common/refusal';
import { normalizeEmail } from '../../auth/core/email-address';
import { badInput, joinMessages } from './bad-input';
import {
  GROUP_NAMES,
  orderEntrants,
  splitIntoGroups,
  type Entrant,
  type GroupDistribution,
  type GroupOrder,
  type SplitProblem,
} from './groups';

export interface GroupsInput {
  /** How many groups of even size … */
  readonly count?: number;
  /** … or the size of each group … */
  readonly sizes?: readonly number[];
  /** … or the groups as the arbiter lists them: players by id or e-mail address, in seat order. */
  readonly lists?: ReadonlyArray<{ readonly name?: string; readonly series?: string; readonly players: readonly string[] }>;
  /** Order players are dealt in (count/sizes): by previous rank (default) or as listed. */
  readonly order?: GroupOrder;
  /** blocks (default: A strongest) or serpentine (groups of even strength). */
  readonly distribution?: GroupDistribution;
  /** Series of each group, in order (count/sizes); default the first series. */
  readonly series?: readonly string[];
}

/** A registered player still in the competition, as the groups see them. */
export interface Registrant extends Entrant {
  readonly playerId: string;
  readonly name: string;
  /** Confirmed addresses: a list may name the player by one of them. */
  readonly emails: readonly string[];
}

export interface GroupPlan<T> {
  readonly name: string;
  readonly series: string;
  /** In seat order (seat 1 first). */
  readonly members: T[];
}

/** The groups asked for, or the refusal that names what is wrong; `seriesLabels` in the competition's order. */
export function planGroups<T extends Registrant>(
  registrants: readonly T[],
  input: GroupsInput,
  seriesLabels: readonly string[],
): GroupPlan<T>[] | Refusal {
  const ways = [input.count !== undefined, input.sizes !== undefined, input.lists !== undefined].filter(Boolean).length;
  if (ways !== 1) {
    return badInput({
      ro: 'Dați exact una dintre: numărul de grupe (count), mărimile lor (sizes) sau listele (lists).',
      en: 'Give exactly one of: the number of groups (count), their sizes (sizes) or the lists (lists).',
      pl: 'Podaj dokładnie jedno z: liczbę grup (count), ich wielkości (sizes) albo listy (lists).',
    });
  }
  return input.lists ? groupsFromLists(registrants, input.lists, seriesLabels) : groupsBySize(registrants, input, seriesLabels);
}

function groupsBySize<T extends Registrant>(registrants: readonly T[], input: GroupsInput, seriesLabels: readonly string[]) {
  const ordered = orderEntrants(registrants, input.order ?? 'rank');
  const split = splitIntoGroups(
    ordered,
    input.sizes !== undefined ? { sizes: input.sizes } : { count: input.count! },
    input.distribution ?? 'blocks',
  );
  if (!split.ok) return badInput(splitMessage(split.problem));
  if (input.series && input.series.length !== split.groups.length) {
    return badInput({
      ro: `Dați seria pentru fiecare dintre cele ${split.groups.length} grupe.`,
      en: `Give the series of each of the ${split.groups.length} groups.`,
      pl: `Podaj serię dla każdej z ${split.groups.length} grup.`,
    });
  }
  const series = split.groups.map((_, i) => input.series?.[i] ?? seriesLabels[0]);
  const unknown = series.findIndex((label) => !seriesLabels.includes(label));
  if (unknown >= 0) return noSuchSeries(series[unknown], seriesLabels);
  return split.groups.map((members, i): GroupPlan<T> => ({ name: GROUP_NAMES[i], series: series[i], members }));
}

function groupsFromLists<T extends Registrant>(
  registrants: readonly T[],
  lists: NonNullable<GroupsInput['lists']>,
  seriesLabels: readonly string[],
) {
  const series = lists.map((list) => list.series ?? seriesLabels[0]);
  const unknownSeries = series.findIndex((label) => !seriesLabels.includes(label));
  if (unknownSeries >= 0) return noSuchSeries(series[unknownSeries], seriesLabels);
  const byKey = new Map<string, T>();
  for (const r of registrants) {
    byKey.set(r.playerId, r);
    for (const address of r.emails) byKey.set(address, r);
  }
  const placed = new Map<string, string>();
  const unknown: string[] = [];
  const twice: string[] = [];
  const planned = lists.map((list, i): GroupPlan<T> => {
    const name = (list.name ?? GROUP_NAMES[i] ?? '').trim();
    const members: T[] = [];
    for (const key of list.players) {
      const registrant = byKey.get(key) ?? byKey.get(normalizeEmail(key));
      if (!registrant) unknown.push(key);
      else if (placed.has(registrant.playerId)) twice.push(`${registrant.name} (${placed.get(registrant.playerId)}, ${name})`);
      else {
        placed.set(registrant.playerId, name);
        members.push(registrant);
      }
    }
    return { name, series: series[i], members };
  });
  const missing = registrants.filter((r) => !placed.has(r.playerId)).map((r) => r.name);
  const names = planned.map((p) => p.name);
  const problems: Bilingual[] = [];
  if (lists.length === 0 || lists.length > GROUP_NAMES.length)
    problems.push({ ro: 'între 1 și 26 de grupe', en: 'from 1 to 26 groups', pl: 'od 1 do 26 grup' });
  if (names.some((n) => !n || n.length > 20) || new Set(names).size !== names.length) {
    problems.push({
      ro: 'fiecare grupă are un nume propriu de 1–20 de caractere',
      en: 'each group has its own name of 1–20 characters',
      pl: 'każda grupa ma własną nazwę o długości 1–20 znaków',
    });
  }
  if (unknown.length)
    problems.push({
      ro: `neînscriși: ${unknown.join(', ')}`,
      en: `not registered: ${unknown.join(', ')}`,
      pl: `niezapisani: ${unknown.join(', ')}`,
    });
  if (twice.length)
    problems.push({
      ro: `în două grupe: ${twice.join(', ')}`,
      en: `in two groups: ${twice.join(', ')}`,
      pl: `w dwóch grupach: ${twice.join(', ')}`,
    });
  if (missing.length)
    problems.push({
      ro: `fără grupă: ${missing.join(', ')}`,
      en: `in no group: ${missing.join(', ')}`,
      pl: `bez grupy: ${missing.join(', ')}`,
    });
  const small = planned.filter((p) => p.members.length < 2).map((p) => p.name);
  if (small.length)
    problems.push({
      ro: `grupe cu mai puțin de 2 jucători: ${small.join(', ')}`,
      en: `groups with fewer than 2 players: ${small.join(', ')}`,
      pl: `grupy z mniej niż 2 graczami: ${small.join(', ')}`,
    });
  if (problems.length)
    return badInput(joinMessages(problems, 'The groups cannot be made:', 'Grupele nu se pot face:', 'Nie można utworzyć grup:'));
  return planned;
}

function noSuchSeries(label: string, labels: readonly string[]): Refusal {
  return badInput({
    ro: `Seria „${label}” nu există (serii: ${labels.join(', ')}).`,
    en: `No series "${label}" (series: ${labels.join(', ')}).`,
    pl: `Nie ma serii „${label}” (serie: ${labels.join(', ')}).`,
  });
}

function splitMessage(p: SplitProblem): Bilingual {
  switch (p.kind) {
    case 'sizes-sum':
      return {
        ro: `Mărimile grupelor însumează ${p.sum}, dar sunt ${p.players} jucători.`,
        en: `The group sizes add up to ${p.sum}, but there are ${p.players} players.`,
        pl: `Wielkości grup sumują się do ${p.sum}, a graczy jest ${p.players}.`,
      };
    case 'size-range':
      return {
        ro: `O grupă de ${p.size} jucători nu se poate juca (2–32).`,
        en: `A group of ${p.size} players cannot be played (2–32).`,
        pl: `Grupy z ${p.size} graczami nie da się rozegrać (2–32).`,
      };
    case 'count-range':
      return {
        ro: `${p.players} jucători nu se pot împărți în ${p.count} grupe de cel puțin 2 (cel mult 26 de grupe).`,
        en: `${p.players} players cannot make ${p.count} groups of at least 2 (at most 26 groups).`,
        pl: `${p.players} graczy nie da się podzielić na ${p.count} grup po co najmniej 2 (najwyżej 26 grup).`,
      };
  }
}

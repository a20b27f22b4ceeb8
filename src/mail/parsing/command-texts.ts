// What the command parser tells a player (docs/mail-rules.md 10, 16): the accepted forms for the
// help, and a refusal in the player's language. Pure.
import type { CommandRefusal, ExpectedArgument, MissingPart } from './commands';
import { inLanguage } from '../../common/bilingual';
import type { MailLanguage } from './quotes';

/** docs/mail-rules.md 10: the accepted forms, for the reply to a mail without a command (≤ 78 columns). */
export const COMMAND_HELP: Readonly<Record<MailLanguage, string>> = {
  ro: [
    'Scrieți o singură comandă, pe primul rând al răspunsului, deasupra',
    'rândului marcat de la începutul e-mailului nostru:',
    '',
    '  h8 CASA            mutare: h8 = orizontal de la h8, 8h = vertical;',
    '                     jokerul cu literă mică (h8 CAsA); scorul e opțional',
    '  PAS                pas',
    '  CONTEST CASA       contestați cuvântul (sau cuvintele) mutării primite;',
    '  h8 MASA            pe rândul următor: mutarea dumneavoastră provizorie',
    '  VERIFIC CASA ASA   reguli PFS: cereți verificarea cuvintelor mutării',
    '                     primite, în locul răspunsului (un singur verdict)',
    '  RECUNOSC           recunoașteți greșeala; pe rândul următor:',
    '  h8 MASA            mutarea care o înlocuiește',
    '  APEL               cereți arbitrului să decidă; pe rândurile următoare:',
    '  A: h8 CASA         mutarea în varianta A (mutarea contestată rămâne)',
    '  B: 8h MASA         mutarea în varianta B (mutarea contestată e înlocuită)',
    '  A: … / B: …        o mutare pentru fiecare variantă, cât timp sunt două',
    '  CONCEDIU 01.02.2027 20.02.2027   concediu (ambele zile incluse)',
    '  GANDESC 15         anunțați că vă gândiți mai mult de 10 zile',
    '  REMIZA             propuneți sau acceptați remiza',
    '  INTRERUPERE        propuneți sau acceptați întreruperea',
    '  REFUZ              refuzați propunerea partenerului',
    '  ABANDON            abandonați partida',
    '  RECLAM TIMP        reclamați depășirea timpului de gândire al partenerului',
    '  RASPUNS <text>     răspunsul la o reclamație',
    '  SITUATIE <text>    situația partidei la data de închidere',
    '  CONFIRM            confirmați fișa finală',
    '  OBIECTIE <text>    obiecție la fișa finală',
    '  DIGEST ON | OFF    un singur e-mail pe zi, sau câte unul pe eveniment',
    '  STARE              trimiteți-mi poziția',
    '  DACA 7c GO ATUNCI c7 GOL   răspuns pregătit la o mutare exactă a',
    '                     partenerului (mai multe perechi, câte una pe rând)',
    '',
    'Diacriticele și literele mari sau mici ale comenzilor nu contează; la',
    'mutare, litera mică înseamnă joker. Comenzile se pot scrie și în engleză',
    'sau în poloneză (PAUZA, SPRAWDZAM, URLOP, REMIS, PODDAJĘ, POTWIERDZAM).',
  ].join('\n'),
  en: [
    'Write one command, on the first line of your reply, above the marked',
    'line at the top of our mail:',
    '',
    '  h8 CASA            a move: h8 = across from h8, 8h = down;',
    '                     a blank in lower case (h8 CAsA); the score is optional',
    '  PASS               pass',
    '  CONTEST CASA       contest the word(s) of the move you received;',
    '  h8 MASA            on the next line: your provisional reply',
    '  CHALLENGE CASA ASA PFS rules: have the words of the move you received',
    '                     checked, instead of a reply (one verdict)',
    '  ADMIT              admit the error; on the next line:',
    '  h8 MASA            the move that replaces it',
    '  APPEAL             ask the arbiter to rule; on the next lines:',
    '  A: h8 CASA         your move in line A (the contested move stands)',
    '  B: 8h MASA         your move in line B (the contested move is replaced)',
    '  A: … / B: …        one move for each line while there are two',
    '  HOLIDAY 2027-02-01 2027-02-20   a holiday (both days included)',
    '  THINKING 15        announce that you will think more than 10 days',
    '  DRAW               offer or accept a draw',
    '  INTERRUPT          offer or accept an interruption',
    "  DECLINE            decline the partner's offer",
    '  RESIGN             resign the game',
    '  CLAIM TIME         claim that the partner exceeded the thinking time',
    '  ANSWER <text>      your answer to a time claim',
    '  POSITION <text>    the state of the game at the closing date',
    '  CONFIRM            confirm the final sheet',
    '  OBJECTION <text>   object to the final sheet',
    '  DIGEST ON | OFF    one mail a day, or one mail per event',
    '  STATUS             send me the position',
    '  IF 7c GO THEN c7 GOL   a reply stored for an exact move of the',
    '                     partner (several pairs, one a line)',
    '',
    'Commands may be written in any case, with or without diacritics; in a',
    'move a lower-case letter is a blank. Romanian command words work too, and',
    'Polish ones (PAUZA, SPRAWDZAM, URLOP, REMIS, PODDAJĘ, POTWIERDZAM).',
  ].join('\n'),
  pl: [
    'Wpisz jedno polecenie w pierwszym wierszu odpowiedzi, nad zaznaczoną',
    'linią na początku naszej wiadomości:',
    '',
    '  h8 KOTA            ruch: h8 = poziomo od h8, 8h = pionowo;',
    '                     blank małą literą (h8 KOtA); wynik nieobowiązkowy',
    '  PAS lub PAUZA      pauza',
    '  KWESTIONUJĘ KOTA   kwestionujesz wyraz (wyrazy) otrzymanego ruchu;',
    '  h8 MAMA            w następnym wierszu: twój ruch warunkowy',
    '  SPRAWDZAM KOTA TA  zasady PFS: sprawdzenie wszystkich podanych wyrazów',
    '                     otrzymanego ruchu zamiast odpowiedzi (wynik łączny)',
    '  UZNAJĘ             uznajesz błąd; w następnym wierszu:',
    '  h8 MAMA            ruch, który go zastępuje',
    '  ODWOŁANIE          prosisz sędziego o decyzję; w kolejnych wierszach:',
    '  A: h8 KOTA         twój ruch w wariancie A (kwestionowany ruch zostaje)',
    '  B: 8h MAMA         twój ruch w wariancie B (kwestionowany ruch odpada)',
    '  A: … / B: …        po jednym ruchu w każdym wariancie, dopóki są dwa',
    '  URLOP 01.02.2027 20.02.2027   urlop (oba dni włącznie)',
    '  MYŚLĘ 15           zapowiadasz namysł dłuższy niż 10 dni',
    '  REMIS              proponujesz remis albo przyjmujesz propozycję',
    '  PRZERWANIE         proponujesz przerwanie albo przyjmujesz propozycję',
    '  ODMAWIAM           odrzucasz propozycję przeciwnika',
    '  PODDAJĘ SIĘ        poddajesz partię',
    '  PRZEKROCZENIE CZASU   zgłaszasz, że przeciwnik przekroczył czas na namysł',
    '  ODPOWIEDŹ <tekst>  odpowiedź na zgłoszenie przekroczenia czasu',
    '  POZYCJA <tekst>    stan partii w dniu zamknięcia rozgrywek',
    '  POTWIERDZAM        potwierdzasz protokół partii (także AKCEPTUJĘ)',
    '  ZASTRZEŻENIE <tekst>   zastrzeżenie do protokołu partii',
    '  PODSUMOWANIE TAK | NIE   jedna wiadomość dziennie albo jedna na zdarzenie',
    '  PLANSZA lub STATUS wyślij mi aktualną pozycję',
    '  JEŚLI 7c GO WTEDY c7 GOL   odpowiedź przygotowana na dokładnie taki',
    '                     ruch przeciwnika (kilka par, każda w osobnym wierszu)',
    '',
    'Wielkość liter i polskie znaki w poleceniach nie mają znaczenia; w ruchu',
    'mała litera oznacza blank. Działają też polecenia rumuńskie i angielskie',
    '(PAS, VERIFIC, CHALLENGE, CONCEDIU, HOLIDAY, REMIZA, DRAW, CONFIRM).',
  ].join('\n'),
};

const MISSING: Readonly<Record<MissingPart, Readonly<Record<MailLanguage, string>>>> = {
  'reply-move': {
    ro: 'după CONTEST trebuie, pe rândul următor, mutarea dumneavoastră provizorie',
    en: 'CONTEST needs your provisional reply move on the next line',
    pl: 'po KWESTIONUJĘ wpisz w następnym wierszu swój ruch warunkowy',
  },
  'replacement-move': {
    ro: 'după RECUNOSC trebuie mutarea care înlocuiește mutarea contestată',
    en: 'ADMIT needs the move that replaces the contested one',
    pl: 'po UZNAJĘ wpisz ruch, który zastępuje kwestionowany',
  },
  'line-A': {
    ro: 'lipsește mutarea pentru varianta A („A: h8 CASA”)',
    en: 'the move for line A is missing ("A: h8 CASA")',
    pl: 'brak ruchu w wariancie A („A: h8 KOTA”)',
  },
  'line-B': {
    ro: 'lipsește mutarea pentru varianta B („B: 8h CASA”)',
    en: 'the move for line B is missing ("B: 8h CASA")',
    pl: 'brak ruchu w wariancie B („B: 8h KOTA”)',
  },
  words: {
    ro: 'după CONTEST scrieți cuvântul contestat',
    en: 'write the contested word after CONTEST',
    pl: 'po KWESTIONUJĘ wpisz kwestionowany wyraz',
  },
  'challenge-words': {
    ro: 'după VERIFIC scrieți toate cuvintele de verificat',
    en: 'write every word to check after CHALLENGE',
    pl: 'po SPRAWDZAM wpisz wszystkie sprawdzane wyrazy',
  },
  dates: {
    ro: 'scrieți prima și ultima zi a concediului',
    en: 'write the first and the last day of the holiday',
    pl: 'wpisz pierwszy i ostatni dzień urlopu',
  },
  days: { ro: 'scrieți numărul de zile', en: 'write the number of days', pl: 'wpisz liczbę dni' },
  'on-off': {
    ro: 'scrieți DIGEST ON sau DIGEST OFF',
    en: 'write DIGEST ON or DIGEST OFF',
    pl: 'wpisz PODSUMOWANIE TAK albo PODSUMOWANIE NIE',
  },
  text: { ro: 'după comandă trebuie textul', en: 'the command needs its text', pl: 'po poleceniu wpisz jego treść' },
};

const EXPECTED: Readonly<Record<ExpectedArgument, Readonly<Record<MailLanguage, string>>>> = {
  word: { ro: 'un cuvânt se scrie doar cu litere', en: 'a word is letters only', pl: 'wyraz składa się wyłącznie z liter' },
  dates: {
    ro: 'scrieți două date, de exemplu 01.02.2027 20.02.2027',
    en: 'write two dates, e.g. 2027-02-01 2027-02-20',
    pl: 'wpisz dwie daty, np. 01.02.2027 20.02.2027',
  },
  'real-date': { ro: 'data nu există în calendar', en: 'that day does not exist', pl: 'takiego dnia nie ma w kalendarzu' },
  'dates-in-order': {
    ro: 'prima zi trebuie să fie înaintea ultimei',
    en: 'the first day must come before the last',
    pl: 'pierwszy dzień musi poprzedzać ostatni',
  },
  days: {
    ro: 'scrieți un număr de zile, de exemplu GANDESC 15',
    en: 'write a number of days, e.g. THINKING 15',
    pl: 'wpisz liczbę dni, np. MYŚLĘ 15',
  },
  'on-off': { ro: 'scrieți ON sau OFF', en: 'write ON or OFF', pl: 'wpisz TAK albo NIE' },
  nothing: {
    ro: 'comanda se scrie singură pe rând',
    en: 'the command stands alone on its line',
    pl: 'polecenie wpisuje się w osobnym wierszu, bez niczego więcej',
  },
  'one-line-each': {
    ro: 'câte o singură mutare pentru fiecare variantă',
    en: 'one move for each line only',
    pl: 'tylko jeden ruch w każdym wariancie',
  },
};

const NO_COMMAND: Readonly<Record<MailLanguage, string>> = {
  ro: 'Nu am găsit nicio comandă în răspunsul dumneavoastră.',
  en: 'No command was found in your reply.',
  pl: 'W Twojej odpowiedzi nie ma żadnego polecenia.',
};

/** A refusal of the command parser in the player's language, for the reply (docs/mail-rules.md 16). */
export function describeCommandRefusal(refusal: CommandRefusal, language: MailLanguage): string {
  switch (refusal.code) {
    case 'NO_COMMAND':
      return NO_COMMAND[language];
    case 'BAD_MOVE':
      return inLanguage(refusal.error.message, language);
    case 'INCOMPLETE': {
      const missing = MISSING[refusal.missing][language];
      if (language === 'pl') return `Polecenie jest niepełne: ${missing}.`;
      return language === 'ro' ? `Comanda nu este completă: ${missing}.` : `The command is incomplete: ${missing}.`;
    }
    case 'BAD_ARGUMENT': {
      const expected = EXPECTED[refusal.expected][language];
      if (language === 'pl') return `Nie da się odczytać polecenia w miejscu „${refusal.argument}”: ${expected}.`;
      return language === 'ro'
        ? `Comanda nu poate fi citită la „${refusal.argument}”: ${expected}.`
        : `The command cannot be read at "${refusal.argument}": ${expected}.`;
    }
    case 'SEVERAL_COMMANDS': {
      const lines = refusal.lines.join(' / ');
      if (language === 'pl') return `Odpowiedź zawiera kilka poleceń (${lines}); wysyłaj jedno polecenie w jednej wiadomości.`;
      return language === 'ro'
        ? `Răspunsul conține mai multe comenzi (${lines}); trimiteți una singură pe e-mail.`
        : `The reply holds several commands (${lines}); send one per mail.`;
    }
  }
}

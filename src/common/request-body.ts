// Request bodies (docs/web.md, Security model): every parser has a size limit, JSON has a depth limit, and
// whatever a parser refuses becomes a typed Refusal shown by the app's own filters — the
// API's JSON error or a readable page — never Express's default error page with its stack.
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { countIn, countOf } from './bilingual';
import { Refusal } from './refusal';

export const MIB = 1024 * 1024;

/** The limits, one place: docs/web.md "Security model" quotes them. */
export const BODY_LIMITS = {
  /** JSON (the API, the game page's fetch calls): a player CSV of 1 MB fits with its escapes. */
  jsonBytes: 2 * MIB,
  /** Ordinary web forms, the players' CSV pasted into the arbiter's form included. */
  formBytes: 4 * MIB,
  /** A CSV sent as the body of POST /api/competitions/:id/players. */
  csvBytes: 1 * MIB,
  /** The word list itself (arbiter-panel.service checks it after decoding). */
  lexiconBytes: 20 * MIB,
  /** Nesting of a JSON body: no DTO goes past 4, so 32 is ample and still cheap to check. */
  jsonDepth: 32,
  /**
   * Items of any one list in a JSON body, checked before any field is: no DTO takes more (a
   * group's players at most 1,000, rules.md §9), and validating tens of thousands costs seconds.
   */
  jsonArrayItems: 1000,
} as const;

/** The one form that carries a whole word list; percent-encoding can triple its bytes. */
const LEXICON_FORM = '/arbiter/lexicons';
const pathOf = (req: Request) => (req.originalUrl ?? req.url).split('?')[0];

/**
 * The word-list upload, whose body (up to 61 MB) is not read with the others: the web context
 * reads it only once the session shows an arbiter (web-context.middleware.ts), so a visitor's
 * or a player's upload is answered from its headers and never buffered.
 */
export const isLexiconUpload = (req: Request): boolean => req.method === 'POST' && pathOf(req) === LEXICON_FORM;

/** The word-list form's parser, for the web context to run once it knows who sends it. */
export function lexiconFormParser(): RequestHandler {
  return express.urlencoded({ extended: false, limit: 3 * BODY_LIMITS.lexiconBytes + MIB });
}
const CSV_IMPORT = /^\/api\/competitions\/[^/]+\/players$/;

/** Called with the refusal and the request; the app renders it as it renders any refusal. */
export type BodyRefused = (refusal: Refusal, req: Request, res: Response, next: NextFunction) => void;

/** The app's body parsers, in order, each turning its own failure into a Refusal. */
export function requestBodyParsers(refused: BodyRefused): RequestHandler[] {
  const json = express.json({ limit: BODY_LIMITS.jsonBytes });
  // body-parser's own depth limit for extended forms is 32 as well: deeper is a 400.
  const form = express.urlencoded({ extended: true, limit: BODY_LIMITS.formBytes });
  const csv = express.text({ type: ['text/csv', 'text/plain'], limit: BODY_LIMITS.csvBytes });
  const guard =
    (parse: RequestHandler, applies: (req: Request) => boolean = () => true): RequestHandler =>
    (req, res, next) => {
      if (!applies(req)) return next();
      parse(req, res, (error?: unknown) => {
        if (error) return refused(bodyRefusal(error), req, res, next);
        next();
      });
    };
  return [
    guard(json),
    (req, res, next) => {
      const shape = jsonShapeRefusal(req.body);
      if (shape) return refused(shape, req, res, next);
      next();
    },
    guard(form, (req) => !isLexiconUpload(req)),
    guard(csv, (req) => req.method === 'POST' && CSV_IMPORT.test(pathOf(req))),
  ];
}

/**
 * Why a parsed body is refused by its shape alone, before any DTO sees it: nested deeper than
 * BODY_LIMITS.jsonDepth, or a list longer than BODY_LIMITS.jsonArrayItems (its items are never
 * walked). One walk with a stack: a deep body cannot overflow ours.
 */
export function jsonShapeRefusal(body: unknown): Refusal | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const stack: Array<[object, number, string]> = [[body, 1, '']];
  while (stack.length) {
    const [value, depth, path] = stack.pop()!;
    if (depth > BODY_LIMITS.jsonDepth) return deepRefusal();
    if (Array.isArray(value) && value.length > BODY_LIMITS.jsonArrayItems) return longListRefusal(path, value.length);
    for (const [key, child] of Object.entries(value)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

const deepRefusal = () =>
  new Refusal(
    'TOO_DEEP',
    {
      ro: `Corpul cererii are structuri imbricate pe mai mult de ${BODY_LIMITS.jsonDepth} de niveluri.`,
      en: `The request body nests deeper than ${BODY_LIMITS.jsonDepth} levels.`,
      pl: `Treść żądania ma zagnieżdżenia głębsze niż ${BODY_LIMITS.jsonDepth} poziomy.`,
    },
    400,
  );

function longListRefusal(path: string, items: number): Refusal {
  const [count, limit] = [
    countOf(items, ['element', 'elemente'], ['item', 'items'], ['element', 'elementy', 'elementów']),
    countIn(BODY_LIMITS.jsonArrayItems),
  ];
  const ro = path ? `Lista „${path}”` : 'Corpul cererii';
  const en = path ? `The list "${path}"` : 'The request body';
  const pl = path ? `Lista „${path}”` : 'Treść żądania';
  return new Refusal(
    'TOO_MANY_ITEMS',
    {
      ro: `${ro} are ${count.ro}; se acceptă cel mult ${limit.ro}.`,
      en: `${en} has ${count.en}; at most ${limit.en} are accepted.`,
      pl: `${pl} ma ${count.pl}; przyjmowanych jest najwyżej ${limit.pl}.`,
    },
    400,
    { fields: path ? [path] : [], items, limit: BODY_LIMITS.jsonArrayItems },
  );
}

/** body-parser's errors carry a `type` and a status; each gets a code and words people read. */
export function bodyRefusal(error: unknown): Refusal {
  const { type, status } = error as { type?: string; status?: number };
  switch (type) {
    case 'entity.too.large':
    case 'parameters.too.many':
      return new Refusal(
        'PAYLOAD_TOO_LARGE',
        {
          ro: 'Cererea este prea mare pentru această adresă.',
          en: 'The request is too large for this address.',
          pl: 'Żądanie jest za duże dla tego adresu.',
        },
        413,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new Refusal(
        'UNSUPPORTED_ENCODING',
        {
          ro: 'Codificarea cererii nu este acceptată (folosiți UTF-8, necomprimat).',
          en: 'The request’s encoding is not accepted (send UTF-8, uncompressed).',
          pl: 'Kodowanie żądania nie jest akceptowane (wyślij UTF-8, bez kompresji).',
        },
        415,
      );
    case 'entity.parse.failed':
      return new Refusal(
        'BAD_JSON',
        {
          ro: 'Corpul cererii nu este JSON valid.',
          en: 'The request body is not valid JSON.',
          pl: 'Treść żądania nie jest poprawnym JSON-em.',
        },
        400,
      );
    default:
      if (status === 413) return bodyRefusal({ type: 'entity.too.large' });
      // Depth exceeded in a form, a body cut short, a length that does not match: all the sender's doing.
      return new Refusal(
        'BAD_INPUT',
        { ro: 'Corpul cererii nu poate fi citit.', en: 'The request body cannot be read.', pl: 'Nie można odczytać treści żądania.' },
        400,
      );
  }
}

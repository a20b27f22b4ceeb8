// Rows written without an event (docs/mail-rules.md, "Events"): those queued before game
// actions wrote facts, and the mails no action describes (the position a player asked for).
// Their payload names the moves their mail shows; read as facts, the game as it stands now gives
// the engine's record of each. The row itself — its Message-ID, its status — is unchanged, so it
// is delivered once like any other.
import { otherColor, type Color } from '../../common/color';
import type { JsonObject } from '../../common/json';
import type { GameFact } from '../core/game-events';

/** The facts whose views an event-less row's mail needs: the moves its payload names, the ruling's arbiter. */
export function factsNamedBy(template: string, payload: JsonObject): GameFact[] {
  const turn = typeof payload.turn === 'number' ? payload.turn : 0;
  const by: Color = payload.color === 'blue' ? 'blue' : 'red';
  const moves = Array.isArray(payload.moves) ? payload.moves.filter((m): m is JsonObject => typeof m === 'object' && m !== null) : [];
  switch (template) {
    case 'move-confirmation':
    case 'game-end':
      return moves.length > 0 ? [{ kind: 'move-played', turn, by, moves }] : [];
    case 'contest':
      return [{ kind: 'dispute-opened', turn, by: otherColor(by), details: payload }];
    case 'ruling':
      return [{ kind: 'ruling-made', turn, details: payload }];
    default:
      return [];
  }
}

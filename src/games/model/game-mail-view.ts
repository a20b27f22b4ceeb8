// What names a game in each of its mails: the constant thread subject of docs/mail-rules.md 18
// and the link to its page. It lives on the games read side, below every feature that writes a
// game's mail (the sweep and time controls, claim answers, results, the outbox, rejections), so
// that each of them reads it one way; notifications/models/models.ts names it GameView.
import type { Competition } from '../../competitions/competition.entity';
import type { Player } from '../../players/player.entity';
import type { Settings } from '../../config/settings';
import type { Color } from '../../engine/types';
import type { Game } from '../entities/game.entity';
import type { GameMailView } from '../../notifications/models/models';
import type { CompetitionsRepository } from '../../competitions/competitions.repository';

export type { GameMailView };

type PageSettings = Pick<Settings, 'publicUrl'>;

export function gameView(
  settings: PageSettings,
  competition: Pick<Competition, 'shortName'>,
  groupName: string,
  players: Readonly<Record<Color, Pick<Player, 'name'>>>,
  gameId: string,
): GameMailView {
  return {
    competition: competition.shortName,
    group: groupName,
    red: players.red.name,
    blue: players.blue.name,
    gameUrl: `${settings.publicUrl}/games/${gameId}`,
  };
}

/** The view of a stored game outside a game session: its group's name read, in the caller's unit of work. */
export async function readGameView(
  competitions: Pick<CompetitionsRepository, 'groupName'>,
  settings: PageSettings,
  competition: Pick<Competition, 'shortName'>,
  game: Pick<Game, 'id' | 'groupId'>,
  players: Readonly<Record<Color, Pick<Player, 'name'>>>,
): Promise<GameMailView> {
  return gameView(settings, competition, await competitions.groupName(game.groupId), players, game.id);
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analysis of a game, one row per game computed in the background after
 * it ends (or when a player asks during play, where the competition allows it: the new setting).
 */
export class GameAnalysis1766450000000 implements MigrationInterface {
  name = 'GameAnalysis1766450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "game_analysis" ("game_id" uuid NOT NULL, "state" text NOT NULL, "final" boolean NOT NULL DEFAULT false, "moves" integer NOT NULL DEFAULT \'0\', "turns" jsonb NOT NULL DEFAULT \'[]\', "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, "analysed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_game_analysis_state" CHECK ("state" IN (\'pending\', \'ready\', \'no-word-list\')), CONSTRAINT "PK_game_analysis" PRIMARY KEY ("game_id"))',
    );
    await queryRunner.query('ALTER TABLE "competition" ADD "analysis_during_play" boolean NOT NULL DEFAULT false');
    await queryRunner.query(
      'ALTER TABLE "game_analysis" ADD CONSTRAINT "FK_game_analysis_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "game_analysis" DROP CONSTRAINT "FK_game_analysis_game"');
    await queryRunner.query('ALTER TABLE "competition" DROP COLUMN "analysis_during_play"');
    await queryRunner.query('DROP TABLE "game_analysis"');
  }
}

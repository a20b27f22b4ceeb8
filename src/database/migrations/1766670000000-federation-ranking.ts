import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/rules.md §12.1: each federation's ranking choice (method and constants), and its stored
 * list, players' points after each competition and counted games — derived rows, rewritten
 * whole when a competition of the federation is finished.
 */
export class FederationRanking1766670000000 implements MigrationInterface {
  name = 'FederationRanking1766670000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "ranking_game" ("player_id" uuid NOT NULL, "game_id" uuid NOT NULL, "federation" text NOT NULL, "competition_id" uuid NOT NULL, "day" date NOT NULL, "opponent_id" uuid NOT NULL, "result" double precision NOT NULL, "walkover" boolean NOT NULL, "ranking" double precision NOT NULL, "opponent_ranking" double precision NOT NULL, "value" double precision NOT NULL, CONSTRAINT "PK_ranking_game" PRIMARY KEY ("player_id", "game_id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_ranking_game_player" ON "ranking_game"  ("federation", "player_id", "day") ');
    await queryRunner.query(
      'CREATE TABLE "ranking_point" ("player_id" uuid NOT NULL, "competition_id" uuid NOT NULL, "federation" text NOT NULL, "day" date NOT NULL, "ranking" integer NOT NULL, "exact" double precision NOT NULL, "games" integer NOT NULL, "listed" boolean NOT NULL, CONSTRAINT "PK_ranking_point" PRIMARY KEY ("player_id", "competition_id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_ranking_point_player" ON "ranking_point"  ("federation", "player_id", "day") ');
    await queryRunner.query(
      'CREATE TABLE "ranking_setting" ("federation" text NOT NULL, "method" text, "constants" jsonb NOT NULL DEFAULT \'{}\', "computed_on" date, "updated_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_ranking_setting_method" CHECK ("method" IS NULL OR "method" IN (\'pfs\', \'elo\', \'none\')), CONSTRAINT "CHK_ranking_setting_federation" CHECK ("federation" IN (\'frsc\', \'pfs\')), CONSTRAINT "PK_ranking_setting" PRIMARY KEY ("federation"))',
    );
    await queryRunner.query(
      'CREATE TABLE "ranking_standing" ("federation" text NOT NULL, "player_id" uuid NOT NULL, "listed" boolean NOT NULL, "position" integer, "ranking" integer, "exact" double precision, "games" integer NOT NULL, CONSTRAINT "PK_ranking_standing" PRIMARY KEY ("federation", "player_id"))',
    );
    await queryRunner.query(
      'ALTER TABLE "ranking_game" ADD CONSTRAINT "FK_ranking_game_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "ranking_game" ADD CONSTRAINT "FK_ranking_game_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "ranking_point" ADD CONSTRAINT "FK_ranking_point_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "ranking_standing" ADD CONSTRAINT "FK_ranking_standing_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "ranking_standing" DROP CONSTRAINT "FK_ranking_standing_player"');
    await queryRunner.query('ALTER TABLE "ranking_point" DROP CONSTRAINT "FK_ranking_point_player"');
    await queryRunner.query('ALTER TABLE "ranking_game" DROP CONSTRAINT "FK_ranking_game_game"');
    await queryRunner.query('ALTER TABLE "ranking_game" DROP CONSTRAINT "FK_ranking_game_player"');
    await queryRunner.query('DROP TABLE "ranking_standing"');
    await queryRunner.query('DROP TABLE "ranking_setting"');
    await queryRunner.query('DROP INDEX "public"."IDX_ranking_point_player"');
    await queryRunner.query('DROP TABLE "ranking_point"');
    await queryRunner.query('DROP INDEX "public"."IDX_ranking_game_player"');
    await queryRunner.query('DROP TABLE "ranking_game"');
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Facts of a competition or of a player outside any game (docs/mail-rules.md, "Events"): a
 * `game_event` row may name its competition instead of a game. Every existing row names its
 * game, so nothing is converted.
 */
export class CompetitionEvents1766700000000 implements MigrationInterface {
  name = 'CompetitionEvents1766700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "game_event" ADD "competition_id" uuid`);
    await queryRunner.query(`ALTER TABLE "game_event" ALTER COLUMN "game_id" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_game_event_competition" ON "game_event" ("competition_id")`);
    await queryRunner.query(
      `ALTER TABLE "game_event" ADD CONSTRAINT "CHK_game_event_subject" CHECK ("game_id" IS NOT NULL OR "competition_id" IS NOT NULL)`,
    );
    await queryRunner.query(
      `ALTER TABLE "game_event" ADD CONSTRAINT "FK_game_event_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "game_event" DROP CONSTRAINT "FK_game_event_competition"`);
    await queryRunner.query(`ALTER TABLE "game_event" DROP CONSTRAINT "CHK_game_event_subject"`);
    await queryRunner.query(`DROP INDEX "IDX_game_event_competition"`);
    await queryRunner.query(`DELETE FROM "game_event" WHERE "game_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "game_event" ALTER COLUMN "game_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "game_event" DROP COLUMN "competition_id"`);
  }
}

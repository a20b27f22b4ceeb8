import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Polish is a language of the platform beside Romanian and English: a player's and an account's
 * language may be `pl` (pages, mails and sheets in Polish).
 */
export class PolishLanguage1766660000000 implements MigrationInterface {
  name = 'PolishLanguage1766660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player" DROP CONSTRAINT "CHK_player_language"`);
    await queryRunner.query(`ALTER TABLE "player" ADD CONSTRAINT "CHK_player_language" CHECK ("language" IN ('ro', 'en', 'pl'))`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "CHK_app_user_language"`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD CONSTRAINT "CHK_app_user_language" CHECK ("language" IN ('ro', 'en', 'pl'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "player" SET "language" = 'en' WHERE "language" = 'pl'`);
    await queryRunner.query(`UPDATE "app_user" SET "language" = 'en' WHERE "language" = 'pl'`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "CHK_app_user_language"`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD CONSTRAINT "CHK_app_user_language" CHECK ("language" IN ('ro', 'en'))`);
    await queryRunner.query(`ALTER TABLE "player" DROP CONSTRAINT "CHK_player_language"`);
    await queryRunner.query(`ALTER TABLE "player" ADD CONSTRAINT "CHK_player_language" CHECK ("language" IN ('ro', 'en'))`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A player's identity belongs to the player: an address an arbiter registers
 * with a new player is the registration itself (docs/rules.md §6), but one added to an existing
 * player is unverified until its owner confirms it from a mailed link. Addresses stored so
 * far were all registrations, so they count as verified.
 */
export class PlayerAddressConfirmation1765100000000 implements MigrationInterface {
  name = 'PlayerAddressConfirmation1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "player_email" SET "verified" = true`);
    await queryRunner.query(`ALTER TABLE "player_email" ADD "confirm_token_hash" text, ADD "confirm_expires_at" timestamp with time zone`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_player_email_confirm_token_hash" ON "player_email" ("confirm_token_hash")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_player_email_confirm_token_hash"`);
    await queryRunner.query(`ALTER TABLE "player_email" DROP COLUMN "confirm_expires_at", DROP COLUMN "confirm_token_hash"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "My settings": a player chooses mail per event or one daily digest
 * (docs/mail-rules.md). The choice is the player's, like their language.
 */
export class PlayerMailDigest1764950000000 implements MigrationInterface {
  name = 'PlayerMailDigest1764950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player" ADD "mail_digest" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player" DROP COLUMN "mail_digest"`);
  }
}

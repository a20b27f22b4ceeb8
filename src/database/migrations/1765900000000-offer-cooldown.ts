import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limits a federation expects: after a declined draw or interruption offer,
 * the same player may offer it again only after this many days (a competition setting).
 */
export class OfferCooldown1765900000000 implements MigrationInterface {
  name = 'OfferCooldown1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "competition" ADD "offer_cooldown_days" integer NOT NULL DEFAULT '3'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "competition" DROP COLUMN "offer_cooldown_days"`);
  }
}

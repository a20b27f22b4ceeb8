import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys expire (a year by default). Keys issued so far get the same year,
 * counted from their creation; `admin api-key` issues a fresh one for a key that lapsed.
 */
export class ApiKeyExpiry1765300000000 implements MigrationInterface {
  name = 'ApiKeyExpiry1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_key" ADD "expires_at" timestamp with time zone`);
    await queryRunner.query(`UPDATE "api_key" SET "expires_at" = "created_at" + interval '1 year'`);
    await queryRunner.query(`ALTER TABLE "api_key" ALTER COLUMN "expires_at" SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_key" DROP COLUMN "expires_at"`);
  }
}

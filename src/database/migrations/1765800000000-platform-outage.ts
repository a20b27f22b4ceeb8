import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each platform outage once, keyed by its start, so its credit case is opened once. */
export class PlatformOutage1765800000000 implements MigrationInterface {
  name = 'PlatformOutage1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "platform_outage" (
        "id" uuid NOT NULL,
        "from_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "to_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "UQ_platform_outage_from" UNIQUE ("from_at"),
        CONSTRAINT "PK_platform_outage" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "platform_outage"`);
  }
}

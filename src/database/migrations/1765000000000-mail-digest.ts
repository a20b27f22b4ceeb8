import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/mail-rules.md 17, the daily digest: a notification to a player who chose the digest is not sent
 * on its own; it is `digested` into that day's digest mail, whose id it keeps.
 */
export class MailDigest1765000000000 implements MigrationInterface {
  name = 'MailDigest1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "outbound_mail"
        DROP CONSTRAINT "CHK_outbound_mail_status",
        ADD "digest_id" uuid,
        ADD CONSTRAINT "CHK_outbound_mail_status" CHECK ("status" IN ('pending', 'sent', 'failed', 'digested'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "outbound_mail" WHERE "status" = 'digested'`);
    await queryRunner.query(`
      ALTER TABLE "outbound_mail"
        DROP CONSTRAINT "CHK_outbound_mail_status",
        DROP COLUMN "digest_id",
        ADD CONSTRAINT "CHK_outbound_mail_status" CHECK ("status" IN ('pending', 'sent', 'failed'))`);
  }
}

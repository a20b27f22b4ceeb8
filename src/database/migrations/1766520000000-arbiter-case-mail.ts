import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The arbiter is told of every case (docs/mail-rules.md 20): at once or in a daily digest, their
 * choice, the digest by default. A setting of their account, like their language.
 */
export class ArbiterCaseMail1766520000000 implements MigrationInterface {
  name = 'ArbiterCaseMail1766520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" ADD "case_mail" text NOT NULL DEFAULT 'digest'`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD CONSTRAINT "CHK_app_user_case_mail" CHECK ("case_mail" IN ('at-once', 'digest'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "CHK_app_user_case_mail"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "case_mail"`);
  }
}

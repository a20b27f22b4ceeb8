import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail transport: every inbound mail stored raw with its two unique keys
 * (docs/mail-rules.md 11), and the outbox's delivery state (docs/mail-rules.md 17-18) on the rows the games write.
 */
export class Mail1764700000000 implements MigrationInterface {
  name = 'Mail1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "inbound_mail" (
        "id" uuid NOT NULL,
        "mailbox" text NOT NULL,
        "uid_validity" bigint NOT NULL,
        "uid" bigint NOT NULL,
        "message_id" text,
        "sha256" text NOT NULL,
        "dedupe_key" text,
        "duplicate_of" uuid,
        "raw" bytea NOT NULL,
        "size" integer NOT NULL,
        "from_address" text,
        "subject" text,
        "status" text NOT NULL DEFAULT 'received',
        "reason" text,
        "error" text,
        "attempts" integer NOT NULL DEFAULT '0',
        "game_id" uuid,
        "player_id" uuid,
        "result" jsonb,
        "folder" text,
        "moved_at" TIMESTAMP WITH TIME ZONE,
        "rejection_key" text,
        "rejected_to" text,
        "rejected_on" date,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "decided_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_inbound_mail_status" CHECK ("status" IN ('received', 'applied', 'rejected', 'held', 'dropped', 'duplicate', 'failed')),
        CONSTRAINT "PK_inbound_mail" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_inbound_mail_position" ON "inbound_mail" ("mailbox", "uid_validity", "uid")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_inbound_mail_dedupe_key" ON "inbound_mail" ("dedupe_key")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_inbound_mail_rejection_key" ON "inbound_mail" ("rejection_key")`);
    await queryRunner.query(`CREATE INDEX "IDX_inbound_mail_status" ON "inbound_mail" ("status", "received_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_inbound_mail_rejected_to" ON "inbound_mail" ("rejected_to", "rejected_on")`);

    await queryRunner.query(`
      ALTER TABLE "outbound_mail"
        ADD "attempts" integer NOT NULL DEFAULT '0',
        ADD "next_attempt_at" TIMESTAMP WITH TIME ZONE,
        ADD "last_error" text,
        ADD "sent_at" TIMESTAMP WITH TIME ZONE,
        ADD "to_address" text,
        ADD "auto_submitted" text NOT NULL DEFAULT 'auto-generated',
        ADD "in_reply_to" text,
        ADD CONSTRAINT "CHK_outbound_mail_auto_submitted" CHECK ("auto_submitted" IN ('auto-generated', 'auto-replied'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "outbound_mail"
        DROP CONSTRAINT "CHK_outbound_mail_auto_submitted",
        DROP COLUMN "in_reply_to",
        DROP COLUMN "auto_submitted",
        DROP COLUMN "to_address",
        DROP COLUMN "sent_at",
        DROP COLUMN "last_error",
        DROP COLUMN "next_attempt_at",
        DROP COLUMN "attempts"`);
    await queryRunner.query(`DROP TABLE "inbound_mail"`);
  }
}

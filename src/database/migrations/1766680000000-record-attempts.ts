import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/rules.md §14: record attempts in a one-player game — the attempt announced with its
 * committee and fixed sequence (`record_attempt`), its full record (`record_turn`) and the
 * receipts of its keyed writes (`record_receipt`).
 */
export class RecordAttempts1766680000000 implements MigrationInterface {
  name = 'RecordAttempts1766680000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "record_attempt" ("id" uuid NOT NULL, "player_user_id" uuid NOT NULL, "committee_a_user_id" uuid NOT NULL, "committee_b_user_id" uuid NOT NULL, "announced_by_user_id" uuid NOT NULL, "tile_set" text NOT NULL, "lexicon" text NOT NULL, "sequence" text NOT NULL, "sequence_seed" text, "sequence_hash" text NOT NULL, "planned_day" date NOT NULL, "announced_at" TIMESTAMP WITH TIME ZONE NOT NULL, "time_limit_ms" integer NOT NULL, "record_to_beat" integer NOT NULL, "status" text NOT NULL, "regulation_accepted_at" TIMESTAMP WITH TIME ZONE, "started_at" TIMESTAMP WITH TIME ZONE, "clock_since" TIMESTAMP WITH TIME ZONE, "used_ms" integer NOT NULL DEFAULT \'0\', "end_reason" text, "final_score" integer, "rack_deduction" integer, "ended_at" TIMESTAMP WITH TIME ZONE, "signatures" jsonb NOT NULL DEFAULT \'[]\', "succeeded" boolean, "standing_record" integer, "closed_at" TIMESTAMP WITH TIME ZONE, "version" integer NOT NULL DEFAULT \'0\', CONSTRAINT "CHK_record_attempt_end" CHECK ("end_reason" IS NULL OR "end_reason" IN (\'out\', \'passes\', \'time\')), CONSTRAINT "CHK_record_attempt_status" CHECK ("status" IN (\'announced\', \'playing\', \'finished\', \'closed\')), CONSTRAINT "PK_record_attempt" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_record_attempt_status" ON "record_attempt"  ("status") ');
    await queryRunner.query(
      'CREATE TABLE "record_receipt" ("attempt_id" uuid NOT NULL, "actor" text NOT NULL, "idempotency_key" text NOT NULL, "action" text NOT NULL, "result" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_record_receipt" PRIMARY KEY ("attempt_id", "actor", "idempotency_key"))',
    );
    await queryRunner.query(
      'CREATE TABLE "record_turn" ("attempt_id" uuid NOT NULL, "n" integer NOT NULL, "kind" text NOT NULL, "notation" text NOT NULL, "tiles" jsonb NOT NULL, "words" jsonb NOT NULL, "score" integer NOT NULL, "total" integer NOT NULL, "rack_before" text NOT NULL, "rack_after" text NOT NULL, "status" text NOT NULL, "used_ms" integer NOT NULL, "played_at" TIMESTAMP WITH TIME ZONE NOT NULL, "challenge_words" jsonb, "challenged_by_user_id" uuid, "verdict" jsonb, CONSTRAINT "CHK_record_turn_status" CHECK ("status" IN (\'pending\', \'recorded\', \'withdrawn\')), CONSTRAINT "CHK_record_turn_kind" CHECK ("kind" IN (\'place\', \'pass\')), CONSTRAINT "PK_record_turn" PRIMARY KEY ("attempt_id", "n"))',
    );
    await queryRunner.query(
      'ALTER TABLE "record_attempt" ADD CONSTRAINT "FK_record_attempt_player" FOREIGN KEY ("player_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "record_attempt" ADD CONSTRAINT "FK_record_attempt_committee_a" FOREIGN KEY ("committee_a_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "record_attempt" ADD CONSTRAINT "FK_record_attempt_committee_b" FOREIGN KEY ("committee_b_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "record_attempt" ADD CONSTRAINT "FK_record_attempt_announced_by" FOREIGN KEY ("announced_by_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "record_receipt" ADD CONSTRAINT "FK_record_receipt_attempt" FOREIGN KEY ("attempt_id") REFERENCES "record_attempt"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "record_turn" ADD CONSTRAINT "FK_record_turn_attempt" FOREIGN KEY ("attempt_id") REFERENCES "record_attempt"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "record_turn" ADD CONSTRAINT "FK_record_turn_challenger" FOREIGN KEY ("challenged_by_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "record_turn" DROP CONSTRAINT "FK_record_turn_challenger"');
    await queryRunner.query('ALTER TABLE "record_turn" DROP CONSTRAINT "FK_record_turn_attempt"');
    await queryRunner.query('ALTER TABLE "record_receipt" DROP CONSTRAINT "FK_record_receipt_attempt"');
    await queryRunner.query('ALTER TABLE "record_attempt" DROP CONSTRAINT "FK_record_attempt_announced_by"');
    await queryRunner.query('ALTER TABLE "record_attempt" DROP CONSTRAINT "FK_record_attempt_committee_b"');
    await queryRunner.query('ALTER TABLE "record_attempt" DROP CONSTRAINT "FK_record_attempt_committee_a"');
    await queryRunner.query('ALTER TABLE "record_attempt" DROP CONSTRAINT "FK_record_attempt_player"');
    await queryRunner.query('DROP TABLE "record_turn"');
    await queryRunner.query('DROP TABLE "record_receipt"');
    await queryRunner.query('DROP INDEX "public"."IDX_record_attempt_status"');
    await queryRunner.query('DROP TABLE "record_attempt"');
  }
}

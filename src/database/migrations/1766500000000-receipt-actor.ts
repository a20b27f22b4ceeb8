import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An idempotency receipt belongs to the actor who sent the key (docs/web.md "Security model"):
 * keyed by game, actor and key. Receipts written before were kept under no actor and so answer
 * nobody again: a repeat of such an old request acts anew, as a different actor's always does.
 */
export class ReceiptActor1766500000000 implements MigrationInterface {
  name = 'ReceiptActor1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "action_receipt" ADD "actor" text NOT NULL DEFAULT 'unknown'`);
    await queryRunner.query('ALTER TABLE "action_receipt" ALTER COLUMN "actor" DROP DEFAULT');
    await queryRunner.query('ALTER TABLE "action_receipt" DROP CONSTRAINT "PK_action_receipt"');
    await queryRunner.query(
      'ALTER TABLE "action_receipt" ADD CONSTRAINT "PK_action_receipt" PRIMARY KEY ("game_id", "actor", "idempotency_key")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Of the receipts one key has under several actors, the first one written stays.
    await queryRunner.query(
      `DELETE FROM "action_receipt" r USING "action_receipt" o WHERE o."game_id" = r."game_id" AND o."idempotency_key" = r."idempotency_key" AND (o."created_at", o."actor") < (r."created_at", r."actor")`,
    );
    await queryRunner.query('ALTER TABLE "action_receipt" DROP CONSTRAINT "PK_action_receipt"');
    await queryRunner.query('ALTER TABLE "action_receipt" ADD CONSTRAINT "PK_action_receipt" PRIMARY KEY ("game_id", "idempotency_key")');
    await queryRunner.query('ALTER TABLE "action_receipt" DROP COLUMN "actor"');
  }
}

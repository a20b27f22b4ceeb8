import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/web.md "A player's identity": an import never joins an existing account to a player; the
 * owner of the account accepts the join (`account_join`). And an arbiter sees of a player's
 * addresses only those they typed for their competition (`registration.emails`); the
 * registrations made so far keep the addresses their players have now, as their pages showed.
 */
export class AccountConsent1766510000000 implements MigrationInterface {
  name = 'AccountConsent1766510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "account_join" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "player_id" uuid NOT NULL, "address" text NOT NULL, "competition_id" uuid, "requested_by_user_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_account_join" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_account_join_user_player" ON "account_join" ("user_id", "player_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_account_join_player" ON "account_join" ("player_id")`);
    await queryRunner.query(
      `ALTER TABLE "account_join" ADD CONSTRAINT "FK_account_join_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "account_join" ADD CONSTRAINT "FK_account_join_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "registration" ADD "emails" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(
      `UPDATE "registration" r SET "emails" = COALESCE((SELECT jsonb_agg(e."address" ORDER BY e."address") FROM "player_email" e WHERE e."player_id" = r."player_id"), '[]'::jsonb)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "registration" DROP COLUMN "emails"`);
    await queryRunner.query(`ALTER TABLE "account_join" DROP CONSTRAINT "FK_account_join_player"`);
    await queryRunner.query(`ALTER TABLE "account_join" DROP CONSTRAINT "FK_account_join_user"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_account_join_player"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_account_join_user_player"`);
    await queryRunner.query(`DROP TABLE "account_join"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The web: browser sessions (our own express-session store, so it works on PGlite
 * too), magic login links kept hashed, the page language of users who are not players,
 * and login mail for such users (an arbiter, the first admin), who have no player row.
 */
export class Web1764900000000 implements MigrationInterface {
  name = 'Web1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "web_session" (
        "sid_hash" text NOT NULL,
        "user_id" uuid,
        "data" jsonb NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_web_session" PRIMARY KEY ("sid_hash")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_web_session_user" ON "web_session" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_web_session_expires" ON "web_session" ("expires_at")`);
    await queryRunner.query(
      `ALTER TABLE "web_session" ADD CONSTRAINT "FK_web_session_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`
      CREATE TABLE "login_link" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "email" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_login_link" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_login_link_user" ON "login_link" ("user_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_login_link_token_hash" ON "login_link" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "IDX_login_link_expires" ON "login_link" ("expires_at")`);
    await queryRunner.query(
      `ALTER TABLE "login_link" ADD CONSTRAINT "FK_login_link_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`ALTER TABLE "app_user" ADD "language" text NOT NULL DEFAULT 'ro'`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD CONSTRAINT "CHK_app_user_language" CHECK ("language" IN ('ro', 'en'))`);

    await queryRunner.query(`ALTER TABLE "outbound_mail" ALTER COLUMN "player_id" DROP NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "outbound_mail" WHERE "player_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "outbound_mail" ALTER COLUMN "player_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "CHK_app_user_language"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "language"`);
    await queryRunner.query(`DROP TABLE "login_link"`);
    await queryRunner.query(`DROP TABLE "web_session"`);
  }
}

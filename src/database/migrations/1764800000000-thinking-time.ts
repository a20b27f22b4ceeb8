import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The clock that never sleeps: the sweep's exactly-once record of every timeline
 * action and its per-competition cursor, the heartbeat's uptime spans, the arbiter's
 * special leave, and the players' state declarations at the closing date (docs/rules.md §5, §7).
 */
export class ThinkingTime1764800000000 implements MigrationInterface {
  name = 'ThinkingTime1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "timeline_action" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "game_id" uuid,
        "player_id" uuid,
        "key" text NOT NULL,
        "stage" text NOT NULL,
        "due_on" date NOT NULL,
        "status" text NOT NULL,
        "superseded_by" text,
        "case_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_timeline_action_owner" CHECK ("game_id" IS NOT NULL OR "player_id" IS NOT NULL),
        CONSTRAINT "CHK_timeline_action_status" CHECK ("status" IN ('done', 'superseded')),
        CONSTRAINT "PK_timeline_action" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_timeline_action_game_key" ON "timeline_action" ("game_id", "key")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_timeline_action_player_key" ON "timeline_action" ("competition_id", "player_id", "key") WHERE "game_id" IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_timeline_action_competition" ON "timeline_action" ("competition_id", "due_on")`);

    await queryRunner.query(`
      CREATE TABLE "sweep_cursor" (
        "competition_id" uuid NOT NULL,
        "swept_through" date NOT NULL,
        "swept_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_sweep_cursor" PRIMARY KEY ("competition_id")
      )`);

    await queryRunner.query(`
      CREATE TABLE "platform_uptime" (
        "id" uuid NOT NULL,
        "from_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "to_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_platform_uptime" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_platform_uptime_to" ON "platform_uptime" ("to_at")`);

    await queryRunner.query(`
      CREATE TABLE "special_leave" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "from_day" date NOT NULL,
        "to_day" date NOT NULL,
        "reason" text NOT NULL,
        "approved_by_user_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_special_leave_range" CHECK ("to_day" >= "from_day"),
        CONSTRAINT "PK_special_leave" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_special_leave_player" ON "special_leave" ("competition_id", "player_id")`);

    await queryRunner.query(`
      CREATE TABLE "state_declaration" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "color" text NOT NULL,
        "text" text NOT NULL,
        "declared_on" date NOT NULL,
        "declared_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_state_declaration_color" CHECK ("color" IN ('red', 'blue')),
        CONSTRAINT "PK_state_declaration" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_state_declaration_player" ON "state_declaration" ("game_id", "player_id")`);

    const fk = (table: string, name: string, column: string, target: string, onDelete: string) =>
      queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE ${onDelete} ON UPDATE NO ACTION`,
      );
    await fk('timeline_action', 'FK_timeline_action_competition', 'competition_id', 'competition', 'CASCADE');
    await fk('timeline_action', 'FK_timeline_action_game', 'game_id', 'game', 'CASCADE');
    await fk('timeline_action', 'FK_timeline_action_player', 'player_id', 'player', 'RESTRICT');
    await fk('timeline_action', 'FK_timeline_action_case', 'case_id', 'arbiter_case', 'SET NULL');
    await fk('sweep_cursor', 'FK_sweep_cursor_competition', 'competition_id', 'competition', 'CASCADE');
    await fk('special_leave', 'FK_special_leave_competition', 'competition_id', 'competition', 'CASCADE');
    await fk('special_leave', 'FK_special_leave_player', 'player_id', 'player', 'RESTRICT');
    await fk('special_leave', 'FK_special_leave_approved_by', 'approved_by_user_id', 'app_user', 'RESTRICT');
    await fk('state_declaration', 'FK_state_declaration_game', 'game_id', 'game', 'CASCADE');
    await fk('state_declaration', 'FK_state_declaration_player', 'player_id', 'player', 'RESTRICT');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['state_declaration', 'special_leave', 'platform_uptime', 'sweep_cursor', 'timeline_action']) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}

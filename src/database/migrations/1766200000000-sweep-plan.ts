import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily sweep keeps per game the next day it has something to do and
 * the game's version it saw (thinking-time/sweep-plan.entity.ts), so that a day's run reads
 * only the games due that day or changed since.
 */
export class SweepPlan1766200000000 implements MigrationInterface {
  name = 'SweepPlan1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "sweep_plan" ("game_id" uuid NOT NULL, "competition_id" uuid NOT NULL, "game_version" integer NOT NULL, "basis" text NOT NULL, "next_on" date, CONSTRAINT "PK_sweep_plan" PRIMARY KEY ("game_id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_sweep_plan_competition_next" ON "sweep_plan"  ("competition_id", "next_on") ');
    await queryRunner.query(
      'ALTER TABLE "sweep_plan" ADD CONSTRAINT "FK_sweep_plan_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "sweep_plan" ADD CONSTRAINT "FK_sweep_plan_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "sweep_plan" DROP CONSTRAINT "FK_sweep_plan_competition"');
    await queryRunner.query('ALTER TABLE "sweep_plan" DROP CONSTRAINT "FK_sweep_plan_game"');
    await queryRunner.query('DROP INDEX "public"."IDX_sweep_plan_competition_next"');
    await queryRunner.query('DROP TABLE "sweep_plan"');
  }
}
